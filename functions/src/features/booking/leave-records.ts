// A leave as stored and as the API answers it (ADR 74).
import type { Leave } from '@hostelhub/contracts';
import { typed, type LeaveDocument } from '../../lib/converters/index.js';
import { isoTime } from '../../lib/timestamps.js';

export const leaveRef = (id: string) => typed.leaves().doc(id);

export function toLeave(id: string, stored: LeaveDocument): Leave {
  return {
    _id: id,
    uid: stored.uid,
    name: stored.name,
    email: stored.email,
    from: stored.from,
    to: stored.to,
    days: stored.days,
    status: stored.status,
    reason: stored.reason ?? null,
    decisionReason: stored.decisionReason ?? null,
    creditCents: stored.creditCents,
    creditedAt: stored.creditTransactionId && !stored.reversalTransactionId ? isoTime(stored.creditedAt) : null,
    appliedAt: isoTime(stored.appliedAt) ?? '',
    decidedAt: isoTime(stored.decidedAt),
  };
}
