import { useEffect, useRef, useState } from 'react';
import { reportActionError } from '@/lib/dialogs';

export type EmailVerification = {
  /** Emails the account Firebase's verification link. */
  send: () => Promise<void>;
  /** Asks again whether the address is verified (after the link was followed); true once it is. */
  check: () => Promise<boolean>;
};

type VerifyEmailPanelProps = { email: string; verification: EmailVerification };

/**
 * In place of the card form while the account's email is not verified: receipts go to that
 * address, so the API refuses to start a subscription until its owner has followed the link.
 */
export function VerifyEmailPanel({ email, verification }: VerifyEmailPanelProps) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [checking, setChecking] = useState(false);
  const [notYet, setNotYet] = useState(false);

  // The link may have been followed in another tab (or before coming here): look once.
  const checkedOnArrival = useRef(false);
  useEffect(() => {
    if (checkedOnArrival.current) return;
    checkedOnArrival.current = true;
    verification.check().catch(() => undefined);
  }, [verification]);

  async function send() {
    setSending(true);
    try {
      await verification.send();
      setSent(true);
      setNotYet(false);
    } catch (error) {
      await reportActionError(error);
    } finally {
      setSending(false);
    }
  }

  async function checkAgain() {
    setChecking(true);
    try {
      setNotYet(!(await verification.check()));
    } catch (error) {
      await reportActionError(error);
    } finally {
      setChecking(false);
    }
  }

  return (
    // A plain box under its heading: a region named "...email" would also answer to the
    // checkout's "Email" field label.
    <div data-testid="verify-email" className="rounded-md bg-amber-50 p-4 text-amber-950">
      <h3 className="mb-1 font-semibold">Verify your email</h3>
      <p className="mb-3 text-sm">
        Receipts for your membership go to <strong>{email}</strong>. Confirm that the address is yours before
        subscribing: we email you a link to follow.
      </p>
      {sent && (
        <p role="status" className="mb-3 text-sm">
          We sent a link to {email}. Follow it, then come back and press “I have verified my email”.
        </p>
      )}
      {notYet && (
        <p role="alert" className="mb-3 text-sm font-medium text-red-800">
          Your email is not verified yet. Follow the link in the email we sent, then try again.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={send} disabled={sending}>
          {sending ? 'Sending…' : sent ? 'Send the email again' : 'Send verification email'}
        </button>
        <button type="button" className="btn-secondary" onClick={checkAgain} disabled={checking}>
          {checking ? 'Checking…' : 'I have verified my email'}
        </button>
      </div>
    </div>
  );
}
