// The demo's feedback: ratings of the past servings the demo residents were served at, and a
// few complaints in each state (open, an urgent one among them, acknowledged, resolved with
// the kitchen's answer, declined with a reason), so Insights' satisfaction charts, the menu
// planner's ratings and the complaints page have something to show on the first `npm start`.
// Written as the API stores them; the seed's rollup rebuild then counts them (ADR 0036).
import { Timestamp } from 'firebase-admin/firestore';
import { loadContracts } from './contracts.mjs';

const minuteMs = 60_000;
/** How far back the demo residents rated what they ate. */
const ratedDays = 70;

const comments = {
  low: ['A bit cold by the time I sat down', 'Too salty for me', 'The portion was small', 'Rice was undercooked'],
  high: ['Lovely, please keep it', 'Best meal this week', 'Warm and tasty', 'Great spices'],
};

/** A small deterministic generator, so every fresh demo has the same feedback. */
function randomFrom(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Writes the demo's ratings and complaints; returns how many documents it wrote. */
export async function seedDemoFeedback(db, now = new Date()) {
  const { addDays, defaultHostelTimeZone, hostelDate } = await loadContracts();
  const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;
  const random = randomFrom(4242);
  const since = addDays(hostelDate(now, timeZone), -ratedDays);
  const served = await db.collection('mealRequests').where('servingDate', '>=', since).orderBy('servingDate').get();
  // Each meal has a standing of its own, so some are rated well and some poorly.
  const leaning = new Map();
  const ratings = new Map();
  for (const request of served.docs) {
    const { status, servingId, userUid, mealId, mealTitle, servingDate, servingSlot } = request.data();
    if (status !== 'served' || !request.id.startsWith('demo-history-request-')) continue;
    const id = `${servingId}_${userUid}`;
    if (ratings.has(id) || random() > 0.6) continue;
    if (!leaning.has(mealId)) leaning.set(mealId, 2.2 + random() * 2.6);
    const stars = Math.min(5, Math.max(1, Math.round(leaning.get(mealId) + (random() - 0.5) * 2)));
    const comment = random() < 0.3 ? (stars <= 3 ? comments.low : comments.high)[Math.floor(random() * 4)] : null;
    const at = Timestamp.fromMillis(new Date(`${servingDate}T15:00:00Z`).getTime());
    ratings.set(id, {
      servingId,
      uid: userUid,
      requestId: request.id,
      mealId,
      mealTitle,
      date: servingDate,
      slot: servingSlot,
      stars,
      comment,
      contactMe: random() < 0.2,
      createdAt: at,
      updatedAt: at,
    });
  }
  const writes = [];
  const perServing = new Map();
  for (const [id, rating] of ratings) {
    writes.push([`servingRatings/${id}`, rating, false]);
    const sums = perServing.get(rating.servingId) ?? { count: 0, stars: 0 };
    sums.count += 1;
    sums.stars += rating.stars;
    perServing.set(rating.servingId, sums);
  }
  // The servings keep their own sums, which the menu planner reads.
  for (const [servingId, sums] of perServing) {
    writes.push([`servings/${servingId}`, { ratingCount: sums.count, ratingStars: sums.stars }, true]);
  }

  const ago = (minutes) => Timestamp.fromMillis(now.getTime() - minutes * minuteMs);
  const kitchen = { authorUid: 'demo-staff', authorName: 'Kim Kitchen', authorRole: 'staff' };
  const admin = { authorUid: 'demo-admin', authorName: 'Ada Admin', authorRole: 'admin' };
  const entry = (id, who, kind, status, text, minutes) => ({
    id,
    kind,
    status,
    text,
    ...who,
    createdAt: ago(minutes),
  });
  const complaint = (id, fields) => [
    `complaints/${id}`,
    {
      servingId: null,
      serving: null,
      urgent: false,
      reason: null,
      replies: [],
      answered: false,
      firstAnsweredAt: null,
      ...fields,
      updatedAt: fields.createdAt,
    },
    false,
  ];
  const author = (uid, name, email) => ({ uid, authorName: name, authorEmail: email });
  const zara = author('demo-history-1', 'Zara Quinn (demo)', 'zara@history.demo.hostelhub.test');
  const zoe = author('demo-history-3', 'Zoe Brandt (demo)', 'zoe@history.demo.hostelhub.test');
  const zed = author('demo-history-6', 'Zed Okafor (demo)', 'zed@history.demo.hostelhub.test');
  const mia = author('demo-member', 'Mia Member', 'member@hostelhub.test');
  writes.push(
    complaint('demo-complaint-urgent', {
      ...zoe,
      category: 'hygiene',
      text: 'The water jug at the counter had something floating in it.',
      urgent: true,
      status: 'open',
      createdAt: ago(40),
    }),
    complaint('demo-complaint-open', {
      ...zed,
      category: 'quantity',
      text: 'Dinner portions have been smaller this week.',
      status: 'open',
      createdAt: ago(26 * 60),
    }),
    complaint('demo-complaint-acknowledged', {
      ...zara,
      category: 'food',
      text: 'The soup was lukewarm at lunch two days running.',
      status: 'acknowledged',
      answered: true,
      firstAnsweredAt: ago(3 * 24 * 60 - 50),
      acknowledgedAt: ago(3 * 24 * 60 - 50),
      replies: [entry('demo-reply-1', kitchen, 'status', 'acknowledged', null, 3 * 24 * 60 - 50)],
      createdAt: ago(3 * 24 * 60),
    }),
    complaint('demo-complaint-resolved', {
      ...mia,
      category: 'allergen',
      text: 'The curry labelled nut-free had cashews in it.',
      urgent: true,
      status: 'resolved',
      reason: 'The label was wrong: the recipe card is fixed and cashews are now declared.',
      answered: true,
      firstAnsweredAt: ago(9 * 24 * 60 - 20),
      acknowledgedAt: ago(9 * 24 * 60 - 20),
      resolvedAt: ago(8 * 24 * 60),
      replies: [
        entry('demo-reply-2', admin, 'status', 'acknowledged', null, 9 * 24 * 60 - 20),
        entry('demo-reply-3', admin, 'reply', null, 'Sorry about this. Are you all right?', 9 * 24 * 60 - 15),
        entry(
          'demo-reply-4',
          { authorUid: 'demo-member', authorName: 'Mia Member', authorRole: 'member' },
          'reply',
          null,
          'Yes, I noticed in time. Thanks.',
          9 * 24 * 60 - 5,
        ),
        entry(
          'demo-reply-5',
          admin,
          'status',
          'resolved',
          'The label was wrong: the recipe card is fixed and cashews are now declared.',
          8 * 24 * 60,
        ),
      ],
      createdAt: ago(9 * 24 * 60),
    }),
    complaint('demo-complaint-declined', {
      ...zed,
      category: 'other',
      text: 'Please open the dining hall at 6 in the morning.',
      status: 'declined',
      reason: 'Breakfast hours are set by the hostel, not the kitchen: please ask the front desk.',
      answered: true,
      firstAnsweredAt: ago(20 * 24 * 60 - 300),
      declinedAt: ago(20 * 24 * 60 - 300),
      replies: [
        entry(
          'demo-reply-6',
          kitchen,
          'status',
          'declined',
          'Breakfast hours are set by the hostel, not the kitchen: please ask the front desk.',
          20 * 24 * 60 - 300,
        ),
      ],
      createdAt: ago(20 * 24 * 60),
    }),
  );
  for (let index = 0; index < writes.length; index += 400) {
    const batch = db.batch();
    for (const [path, data, merge] of writes.slice(index, index + 400)) {
      batch.set(db.doc(path), data, merge ? { merge: true } : {});
    }
    await batch.commit();
  }
  return writes.length;
}
