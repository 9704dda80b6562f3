import type { ReactNode } from 'react';
import { Avatar } from '@/components/avatar';
import { useSession } from '@/lib/auth';

/** Avatar, name and email of the signed-in user; each profile page adds its own rows. */
export function ProfileCard({ fallbackName, children }: { fallbackName: string; children: ReactNode }) {
  const { user, profile } = useSession();
  const name = profile?.name || user?.displayName || fallbackName;
  return (
    <div className="card flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-start">
      <Avatar src={user?.photoURL ?? profile?.photoURL} name={name} className="size-24" />
      <dl className="grid w-full grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-stone-800">
        <dt className="font-medium text-stone-500">Name</dt>
        <dd>{name}</dd>
        <dt className="font-medium text-stone-500">Email</dt>
        <dd className="break-all">{profile?.email || user?.email}</dd>
        {children}
      </dl>
    </div>
  );
}
