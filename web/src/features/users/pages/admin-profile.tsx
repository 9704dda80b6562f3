import { PageTitle } from '@/components/page-title';
import { useSession } from '@/lib/auth';
import { HallsSection } from '../components/halls-section';
import { ProfileCard } from '../components/profile-card';
import { WeeklyMenuEmailForm } from '../components/weekly-menu-email-form';

export function AdminProfilePage() {
  const { profile } = useSession();
  return (
    <section>
      <PageTitle>Admin Profile</PageTitle>
      <ProfileCard fallbackName="Admin">
        <dt className="font-medium text-stone-500">Role</dt>
        <dd className="capitalize">{profile?.role}</dd>
        <dt className="font-medium text-stone-500">Total Meals Added</dt>
        <dd className="text-lg font-semibold">{profile?.numberOfMeals ?? 0}</dd>
      </ProfileCard>
      <WeeklyMenuEmailForm />
      <HallsSection />
    </section>
  );
}
