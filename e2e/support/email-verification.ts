// The Auth emulator sends no email: it keeps each out-of-band code (and prints its link in its
// log). These helpers read the verification link it "sent" and follow it, as the owner of the
// address would from their inbox.
import { expect } from '@playwright/test';

const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals';

type OobCode = { email: string; oobCode: string; oobLink: string; requestType: string };

/** The newest email-verification link sent to `email`, waiting for it to be sent. */
async function emailVerificationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
      link = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Follows the verification link the site had sent to `email`: the address is verified. */
export async function followEmailVerificationLink(email: string) {
  const response = await fetch(await emailVerificationLink(email));
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ authEmulator: { email } });
}
