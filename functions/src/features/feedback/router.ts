import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminOnly, adminProfile, caller, signedIn, staffOnly } from '../../lib/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { loadProfile } from '../../lib/profiles.js';
import { serve } from '../../lib/route.js';
import { changeComplaintStatus, listComplaints, raiseComplaint, replyToComplaint } from './complaints.js';
import { mealFeedback } from './planner.js';
import { dueRatings, rateServing, servingRatings } from './ratings.js';

/** Ratings of servings and complaints (docs/api.md "Ratings and complaints"). */
export const feedbackRouter = Router();

/** The caller's profile as stored now (their role decides what they see). */
async function callerProfile(uid: string) {
  const profile = await loadProfile(uid);
  if (!profile) throw unauthorized('Your profile was not found: sign in again');
  return profile;
}

serve(feedbackRouter, endpoints.rateServing, signedIn, ({ params, body }, res) =>
  rateServing(params.id, caller(res).uid, body),
);
serve(feedbackRouter, endpoints.servingRatings, staffOnly, ({ params }, res) =>
  servingRatings(params.id, adminProfile(res).role === 'admin'),
);
serve(feedbackRouter, endpoints.dueRatings, signedIn, (_input, res) => dueRatings(caller(res).uid));
serve(feedbackRouter, endpoints.raiseComplaint, signedIn, async ({ body }, res) =>
  raiseComplaint(await callerProfile(caller(res).uid), body),
);
serve(feedbackRouter, endpoints.complaints, signedIn, async ({ query }, res) =>
  listComplaints(await callerProfile(caller(res).uid), query),
);
serve(feedbackRouter, endpoints.replyToComplaint, signedIn, async ({ params, body }, res) =>
  replyToComplaint(params.id, await callerProfile(caller(res).uid), body.text),
);
serve(feedbackRouter, endpoints.updateComplaint, staffOnly, ({ params, body }, res) =>
  changeComplaintStatus(params.id, adminProfile(res), body),
);
serve(feedbackRouter, endpoints.mealFeedback, adminOnly, () => mealFeedback());
