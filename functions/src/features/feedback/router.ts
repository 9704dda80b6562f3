import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, caller } from '../../lib/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { loadProfile } from '../../lib/profiles.js';
import { handle } from '../../lib/route.js';
import { changeComplaintStatus, listComplaints, replyToComplaint } from './complaints.js';
import { mealFeedback } from './planner.js';
import { raiseComplaint } from './raise-complaint.js';
import { dueRatings, rateServing, servingRatings } from './ratings.js';

/** Ratings of servings and complaints (docs/api.md "Ratings and complaints"). */
export const feedbackRouter = Router();

/** The caller's profile as stored now (their role decides what they see). */
async function callerProfile(uid: string) {
  const profile = await loadProfile(uid);
  if (!profile) throw unauthorized('Your profile was not found: sign in again');
  return profile;
}

handle(feedbackRouter, endpoints.rateServing, ({ params, body }, res) => rateServing(params.id, caller(res).uid, body));
handle(feedbackRouter, endpoints.servingRatings, ({ params }, res) =>
  servingRatings(params.id, adminProfile(res).role === 'admin'),
);
handle(feedbackRouter, endpoints.dueRatings, (_input, res) => dueRatings(caller(res).uid));
handle(feedbackRouter, endpoints.raiseComplaint, async ({ body }, res) =>
  raiseComplaint(await callerProfile(caller(res).uid), body),
);
handle(feedbackRouter, endpoints.complaints, async ({ query }, res) =>
  listComplaints(await callerProfile(caller(res).uid), query),
);
handle(feedbackRouter, endpoints.replyToComplaint, async ({ params, body }, res) =>
  replyToComplaint(params.id, await callerProfile(caller(res).uid), body.text),
);
handle(feedbackRouter, endpoints.updateComplaint, ({ params, body }, res) =>
  changeComplaintStatus(params.id, adminProfile(res), body),
);
handle(feedbackRouter, endpoints.mealFeedback, () => mealFeedback());
