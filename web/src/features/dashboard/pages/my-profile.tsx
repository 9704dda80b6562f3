import { PageTitle } from '../components/page-title';
import { Avatar } from '@/components/avatar';
import { useSession } from '@/lib/auth';

export default function MyProfilePage() {
  const { user, profile } = useSession();
  const name = profile?.name || user?.displayName || 'Unnamed';
  const membership = profile?.membership?.packageName;
  return (
    <section>
      <PageTitle>My Profile</PageTitle>
      <div className="flex flex-col items-center gap-6 rounded-xl bg-white p-6 shadow-sm sm:flex-row sm:items-start">
        <Avatar src={user?.photoURL ?? profile?.photoURL} name={name} className="size-24" />
        <dl className="grid w-full grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-stone-800">
          <dt className="font-medium text-stone-500">Name</dt>
          <dd>{name}</dd>
          <dt className="font-medium text-stone-500">Email</dt>
          <dd className="break-all">{profile?.email || user?.email}</dd>
          <dt className="font-medium text-stone-500">Badge</dt>
          <dd>
            <BadgeLabel badge={profile?.badge ?? 'Bronze'} />
          </dd>
          {membership && (
            <>
              <dt className="font-medium text-stone-500">Membership</dt>
              <dd>{membership} package</dd>
            </>
          )}
        </dl>
      </div>
    </section>
  );
}

const badgeColours: Record<string, string> = {
  Bronze: 'bg-amber-100 text-amber-900',
  Silver: 'bg-stone-200 text-stone-800',
  Gold: 'bg-yellow-100 text-yellow-800',
  Platinum: 'bg-indigo-100 text-indigo-800',
};

function BadgeLabel({ badge }: { badge: string }) {
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${badgeColours[badge] ?? badgeColours.Bronze}`}>
      {badge}
    </span>
  );
}
