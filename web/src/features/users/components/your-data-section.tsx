import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { myDataFileName, z, type UserProfile } from '@hostelhub/contracts';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { clearStoredToken, isSessionEndingError } from '@/lib/api-client';
import { authErrorMessage, useSession } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { saveFile } from '@/lib/save-file';
import { ProfileSection } from './profile-section';
import { closeAccount, getMyData } from '../api/my-data';

/** What a failed call says: the API's reason, or a plain "try again". */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : 'Please try again in a moment.');

/**
 * My Profile's "Your data" (ADR 75): everything the hostel keeps about the member as one JSON
 * file, and closing the account. Staff and admins are told who closes theirs (the API refuses
 * them: an admin makes them a student first).
 */
export function YourDataSection({ profile }: { profile: UserProfile }) {
  return (
    <ProfileSection
      title="Your data"
      intro="Download everything HostelHub keeps about you as one file, or close your account."
    >
      <div className="mt-3 grid gap-4">
        <DownloadMyData />
        {profile.role === 'student' ? (
          <CloseAccount />
        ) : (
          <p className="text-sm text-stone-700">
            Kitchen staff and admins close their account once an admin has made them a student.
          </p>
        )}
      </div>
    </ProfileSection>
  );
}

function DownloadMyData() {
  const [running, setRunning] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setRunning(true);
    setSaved(null);
    setFailure(null);
    try {
      const data = await getMyData();
      // Named for the hostel's day, as the API's own Content-Disposition names it.
      const fileName = myDataFileName(Date.now());
      saveFile(fileName, JSON.stringify(data, null, 2), 'application/json');
      setSaved(fileName);
    } catch (error) {
      // A session that ended has said so in its own dialog.
      if (!isSessionEndingError(error)) setFailure(`Your data could not be downloaded: ${reasonOf(error)}`);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary w-full sm:w-auto"
          disabled={running}
          onClick={() => void download()}
        >
          {running ? 'Preparing your file…' : 'Download my data'}
        </button>
        <p aria-live="polite" className="text-sm text-green-800">
          {saved ? `Saved ${saved}` : ''}
        </p>
      </div>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}

function CloseAccount() {
  const [confirming, setConfirming] = useState(false);
  const { logOut } = useSession();
  const navigate = useNavigate();
  // Resolves once this section is gone from the page: the navigation home has committed.
  const leftPage = useRef<(() => void) | null>(null);
  useEffect(() => () => leftPage.current?.(), []);

  /**
   * The account is gone. Its API token goes first, so no call finds it refused (which would
   * end the session with its own dialog). Then the page leaves the dashboard, and only once it
   * has left does the session end: a navigation runs in a transition that keeps this page
   * while the home page's chunk loads, and a session ended meanwhile would have the
   * dashboard's guard send the signed-out visitor to /login. The form's dialog goes at once:
   * a message opened while it is still on the page would open inside it (lib/dialogs.ts).
   */
  const closed = async () => {
    flushSync(() => setConfirming(false));
    clearStoredToken();
    await new Promise<void>((resolve) => {
      leftPage.current = resolve;
      // Should the page never leave (a chunk that fails), the session still ends.
      setTimeout(resolve, leavingTimeoutMs);
      void navigate(paths.home, { replace: true });
    });
    await logOut({ quiet: true });
    const { showSuccess } = await import('@/lib/dialogs');
    void showSuccess(
      'Your account is closed',
      'Your name, email and what you wrote have been removed. Payments stay in the hostel’s accounts without your name.',
    );
  };

  return (
    <div className="grid gap-2 border-t border-stone-100 pt-4">
      <p className="text-sm text-stone-700">
        Closing your account removes your name, email and what you wrote, and ends your membership. It cannot be undone.
      </p>
      <div>
        <button type="button" className="btn-danger w-full sm:w-auto" onClick={() => setConfirming(true)}>
          Close my account…
        </button>
      </div>
      {confirming && <CloseAccountDialog onCancel={() => setConfirming(false)} onClosed={() => void closed()} />}
    </div>
  );
}

/** How long closing waits for the page to leave the dashboard before it ends the session anyway. */
const leavingTimeoutMs = 10_000;

const closeAccountForm = z.object({ password: z.string().max(4096, 'That is longer than any password') });
type CloseAccountValues = z.infer<typeof closeAccountForm>;

/**
 * What closing does, then the password (a sign-in of the last few minutes, which the API asks
 * for); on success the session ends and the home page says the account is closed.
 */
function CloseAccountDialog({ onCancel, onClosed }: { onCancel: () => void; onClosed: () => void }) {
  const { freshIdToken } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CloseAccountValues>({ defaultValues: { password: '' }, resolver: zodResolver(closeAccountForm) });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    let idToken: string;
    try {
      idToken = await freshIdToken(password);
    } catch (error) {
      setFailure(authErrorMessage(error));
      return;
    }
    try {
      await closeAccount(idToken);
    } catch (error) {
      if (!isSessionEndingError(error)) setFailure(`Your account was not closed: ${reasonOf(error)}`);
      return;
    }
    onClosed();
  });

  return (
    <Modal title="Close your account" onClose={onCancel}>
      <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
        <div className="text-sm text-stone-700">
          <p>When you close your account:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>you can no longer sign in, and your membership ends now (the rest of the month is not refunded);</li>
            <li>reservations and leave still to come are cancelled;</li>
            <li>
              your name, email, photo and what you wrote (reviews, ratings, complaints, leave reasons) are removed;
            </li>
            <li>
              payments and the counts of meals, likes and ratings stay in the hostel’s books under an anonymous id, so
              its accounts still add up.
            </li>
          </ul>
          <p className="mt-2">Download your data first if you want a copy. This cannot be undone.</p>
        </div>
        <FormField
          label="Your password"
          error={errors.password?.message}
          hint="Signed up with Google or Facebook? Leave it empty: a window asks you to sign in again."
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              className="input"
              {...register('password')}
            />
          )}
        </FormField>
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary w-full sm:w-auto" onClick={onCancel} disabled={isSubmitting}>
            Keep my account
          </button>
          <button type="submit" className="btn-danger w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? 'Closing your account…' : 'Close my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
