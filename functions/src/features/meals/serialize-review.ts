import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { PublicReview } from '@hostelhub/contracts';
import { isoTime } from '../../lib/timestamps.js';

/** A review as anyone may read it: no uid or email of its author, only whether it is the caller's. */
export function toPublicReview(snapshot: DocumentSnapshot, callerUid: string | null): PublicReview {
  const data = snapshot.data() ?? {};
  return {
    _id: snapshot.id,
    mealId: data.mealId ?? snapshot.ref.parent.parent?.id ?? '',
    userName: data.userName ?? '',
    img: data.img ?? null,
    comment: data.comment ?? '',
    rating: data.rating ?? 0,
    timeStamp: isoTime(data.timeStamp),
    mine: callerUid !== null && data.uid === callerUid,
  };
}
