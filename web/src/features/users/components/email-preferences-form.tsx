import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  adminEmailKinds,
  defaultEmailPreferences,
  emailKindLabels,
  emailKinds,
  emailPreferencesBody,
  emailPreferencesOf,
  staffEmailKinds,
  type EmailKind,
  type EmailPreferences,
  type Role,
  type z,
} from '@hostelhub/contracts';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { ProfileSection } from './profile-section';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';

type PreferencesInput = z.input<typeof emailPreferencesBody>;

/** The kinds a role can get: the kitchen's sheet for staff and admins, complaints for admins. */
function kindsFor(role: Role): EmailKind[] {
  return emailKinds.filter(
    (kind) =>
      (!staffEmailKinds.includes(kind) || role !== 'student') && (!adminEmailKinds.includes(kind) || role === 'admin'),
  );
}

/**
 * My Profile's emails: each kind on or off, its default stated. Every email also carries a
 * one-click unsubscribe link for its kind.
 */
export function EmailPreferencesForm({
  preferences,
  role,
  emailVerified,
}: {
  preferences: EmailPreferences;
  role: Role;
  emailVerified: boolean;
}) {
  const update = useUpdateEmailPreferences();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting, isDirty },
    reset,
  } = useForm<PreferencesInput, unknown, PreferencesInput>({
    defaultValues: preferences,
    resolver: zodResolver(emailPreferencesBody),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(emailPreferencesOf({ ...preferences, ...values }));
      reset(saved);
      void showSuccess('Email choices saved', undefined, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  });

  return (
    <ProfileSection title="Emails" intro={<>Choose what we email you. Everything also appears under the bell.</>}>
      {!emailVerified && (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Your email address is not verified yet, so we send you no emails. Follow the link we sent when you signed up.
        </p>
      )}
      <form onSubmit={submit} className="mt-3 grid gap-3">
        <fieldset className="grid gap-3">
          <legend className="sr-only">Emails I get</legend>
          {kindsFor(role).map((kind) => (
            <div key={kind} className="flex items-start gap-3 text-sm">
              <input
                id={`email-${kind}`}
                type="checkbox"
                className="mt-1"
                {...register(kind)}
                aria-describedby={`email-${kind}-note`}
              />
              <div>
                <label htmlFor={`email-${kind}`} className="font-medium text-stone-900">
                  {emailKindLabels[kind].title}
                </label>
                <p id={`email-${kind}-note`} className="text-stone-600">
                  {emailKindLabels[kind].description} {defaultEmailPreferences[kind] ? 'On' : 'Off'} by default.
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="btn-primary" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save email choices'}
          </button>
        </div>
      </form>
    </ProfileSection>
  );
}
