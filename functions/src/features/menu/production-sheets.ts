// The production sheet by email (docs/email.md): at each serving's cutoff, the staff of its
// hall (ADR 72) and admins get the numbers the kitchen view shows for it, with its CSV. The schedule calls this
// every quarter hour; a run looks back an hour, so a late or retried run still sends a sheet,
// and each sheet's key (the serving) makes it one per person.
import { kitchenQuery } from '@hostelhub/contracts';
import { converters } from '../../lib/converters/index.js';
import { emails } from '../../lib/emails.js';
import { sendMail } from '../../lib/mail.js';
import { staffRecipients, type MailRecipient } from '../../lib/mail-recipients.js';
import { hallNamesIfSeveral } from '../../lib/halls.js';
import { servingsClosingBetween } from '../../lib/servings.js';
import { kitchenDay, productionSheetCsv } from './kitchen.js';
import { currentTime } from '../../lib/clock.js';

/** How far back a run looks for cutoffs it has not sent yet. */
export const productionSheetLookbackMs = 60 * 60_000;

/** Sends the sheets of servings whose cutoff passed in the hour up to `now`; answers how many emails were written. */
export async function sendProductionSheets(now: Date = currentTime()): Promise<number> {
  const closed = await servingsClosingBetween(new Date(now.getTime() - productionSheetLookbackMs), now)
    .withConverter(converters.servings)
    .get();
  if (closed.empty) return 0;
  const recipients = (await staffRecipients()).filter((recipient) => recipient.preferences['production-sheet']);
  if (recipients.length === 0) return 0;
  // The kitchen view's default margin, so the sheet and the view agree.
  const margin = kitchenQuery.parse({}).margin;
  const hallNames = await hallNamesIfSeveral();
  const worksAt = (recipient: MailRecipient, hallId: string) =>
    recipient.hallIds.length === 0 || recipient.hallIds.includes(hallId);
  let written = 0;
  for (const date of new Set(closed.docs.map((serving) => serving.data().date))) {
    const day = await kitchenDay(date);
    if (day.closed) continue;
    for (const serving of day.servings) {
      if (!closed.docs.some((doc) => doc.id === serving._id)) continue;
      const csv = productionSheetCsv({ ...day, servings: [serving] }, margin);
      const email = emails.productionSheet(date, serving, margin, csv, hallNames.get(serving.hallId));
      for (const recipient of recipients.filter((each) => worksAt(each, serving.hallId))) {
        if (await sendMail(recipient, email, now)) written++;
      }
    }
  }
  return written;
}
