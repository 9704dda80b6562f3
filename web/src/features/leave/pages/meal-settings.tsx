import { ErrorState } from '@/components/error-state';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useMealSettings } from '@/domain/reservations/booking';
import { LeaveRulesList } from '../components/leave-rules';
import { MealSettingsForm } from '../components/meal-settings-form';
import { bookingRuleWords } from '../lib/leave-words';

/**
 * Meal settings (admins, ADR 74): how the kitchen counts who eats (the booking rule) and the
 * leave rules members apply under, with what members now read of them.
 */
export function MealSettingsPage() {
  const settings = useMealSettings();
  return (
    <section className="space-y-6">
      <PageTitle>Meal Settings</PageTitle>
      {settings.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the meal settings" />
        </div>
      ) : settings.isError ? (
        <ErrorState
          title="The meal settings could not be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <section aria-label="Now in force" className="rounded-xl bg-stone-100 p-4 text-sm text-stone-800">
            <p>
              <span className="font-semibold">Now: {bookingRuleWords[settings.data.booking].label}.</span>{' '}
              {bookingRuleWords[settings.data.booking].meaning}
            </p>
            <p className="mt-3 font-semibold">Members read these leave rules:</p>
            <div className="mt-1">
              <LeaveRulesList rules={settings.data.leave} />
            </div>
          </section>
          {/* Starts from what is stored; a save starts it again from what the API then answers. */}
          <MealSettingsForm saved={settings.data} />
        </>
      )}
    </section>
  );
}
