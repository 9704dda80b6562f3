import { NextMeal } from '@/domain/reservations/next-meal';
import { PageTitle } from '@/components/page-title';
import { RequestQuotaNote } from '@/components/request-quota';
import { useSession } from '@/lib/auth';
import { formatCents } from '@/lib/format';
import { DietProfileForm } from '../components/diet-profile-form';
import { EmailPreferencesForm } from '../components/email-preferences-form';
import { MembershipPanel } from '../components/membership-panel';
import { NextHallForm } from '../components/next-hall-form';
import { ProfileCard } from '../components/profile-card';
import { PushSection } from '../components/push-section';
import { StandingReservationsSection } from '../components/standing-reservations-section';
import { YourDataSection } from '../components/your-data-section';

export function MyProfilePage() {
  const { profile, user } = useSession();
  return (
    <section>
      <PageTitle>My Profile</PageTitle>
      <ProfileCard fallbackName="Unnamed">
        <dt className="font-medium text-stone-500">Badge</dt>
        <dd>
          <BadgeLabel badge={profile?.badge ?? 'Bronze'} />
        </dd>
      </ProfileCard>
      <NextMeal className="mt-4" />
      {profile && <NextHallForm profile={profile} />}
      {profile && <StandingReservationsSection profile={profile} />}
      {/* Drawn once the profile is known, and keyed by the stored diet, so it starts from it. */}
      {profile && <DietProfileForm key={JSON.stringify(profile.diet)} diet={profile.diet} />}
      {profile && (
        <EmailPreferencesForm
          key={JSON.stringify(profile.emailPreferences)}
          preferences={profile.emailPreferences}
          role={profile.role}
          emailVerified={user?.emailVerified ?? false}
        />
      )}
      {user && <PushSection uid={user.uid} />}
      <MembershipPanel />
      {/* Credit from approved leave (ADR 74), until an invoice takes it off. */}
      {profile && profile.leaveCreditCents > 0 && (
        <p className="mt-4 rounded-xl bg-green-50 p-4 text-sm text-green-900">
          Leave credit waiting for your next invoice: <strong>{formatCents(profile.leaveCreditCents)}</strong>
        </p>
      )}
      <RequestQuotaNote className="mt-4" />
      {/* Last: the file of everything kept about them, and closing the account (ADR 75). */}
      {profile && <YourDataSection profile={profile} />}
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
