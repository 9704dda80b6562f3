import { PageTitle } from '../components/page-title';
import { Avatar } from '@/components/avatar';
import { useSession } from '@/lib/auth';

export default function AdminProfilePage() {
  const { user, profile } = useSession();
  const name = profile?.name || user?.displayName || 'Admin';
  return (
    <section>
      <PageTitle>Admin Profile</PageTitle>
      <div className="flex flex-col items-center gap-6 rounded-xl bg-white p-6 shadow-sm sm:flex-row sm:items-start">
        <Avatar src={user?.photoURL ?? profile?.photoURL} name={name} className="size-24" />
        <dl className="grid w-full grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-stone-800">
          <dt className="font-medium text-stone-500">Name</dt>
          <dd>{name}</dd>
          <dt className="font-medium text-stone-500">Email</dt>
          <dd className="break-all">{profile?.email || user?.email}</dd>
          <dt className="font-medium text-stone-500">Role</dt>
          <dd className="capitalize">{profile?.role}</dd>
          <dt className="font-medium text-stone-500">Total Meals Added</dt>
          <dd className="text-lg font-semibold">{profile?.numberOfMeals ?? 0}</dd>
        </dl>
      </div>
    </section>
  );
}
