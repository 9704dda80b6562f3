// The Auth emulator sends no email: it keeps each out-of-band code (an address to verify, a
// password to reset) and lists them at /emulator/v1/projects/<project>/oobCodes. The demo
// follows that list and hands each new code to its inbox as the email Firebase Auth would
// have sent, so a verification link arrives beside HostelHub's own emails. Only `npm start`
// runs this: a deployed hostel's Firebase Auth sends these emails itself.
import nodemailer from 'nodemailer';

/** What each kind of code's email says, as Firebase's default templates do. */
const templates = {
  VERIFY_EMAIL: {
    subject: 'Verify your email for HostelHub',
    text: 'Follow this link to verify your email address.',
  },
  PASSWORD_RESET: {
    subject: 'Reset your password for HostelHub',
    text: 'Follow this link to reset your HostelHub password.',
  },
  EMAIL_SIGNIN: { subject: 'Sign in to HostelHub', text: 'Follow this link to sign in.' },
  VERIFY_AND_CHANGE_EMAIL: {
    subject: 'Verify your new email for HostelHub',
    text: 'Follow this link to verify your new email address.',
  },
};

/**
 * Polls the Auth emulator's codes every `intervalMs` and sends each new one to `smtp`. The
 * codes listed at the first poll were made before this run (saved data) and are not sent
 * again. Answers `ready` (the first poll done) and `stop`.
 */
export function forwardAuthEmails({ authHost, projectId, smtp, from, intervalMs = 2000, log = console }) {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  const seen = new Set();
  let first = true;
  let stopped = false;
  let timer;
  const poll = async () => {
    try {
      const response = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes = [] } = await response.json();
      for (const code of oobCodes) {
        if (seen.has(code.oobCode)) continue;
        if (first || !code.email || !code.oobLink) {
          seen.add(code.oobCode);
          continue;
        }
        const template = templates[code.requestType] ?? { subject: 'A link from HostelHub', text: 'Follow this link.' };
        await transport.sendMail({
          from,
          to: code.email,
          subject: template.subject,
          text: `Hello,\n\n${template.text}\n\n${code.oobLink}\n\nIf you didn't ask for this, you can ignore this email.\n\n— HostelHub (sent by the Auth emulator)`,
        });
        // Marked once sent: a code the inbox did not take is tried again at the next poll.
        seen.add(code.oobCode);
      }
      first = false;
    } catch (error) {
      log.error(`Forwarding the Auth emulator's emails: ${error?.message ?? error}`);
    }
    if (!stopped) timer = setTimeout(poll, intervalMs);
  };
  return {
    ready: poll(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      transport.close();
    },
  };
}
