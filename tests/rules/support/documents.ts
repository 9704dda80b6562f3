// Documents shaped as docs/data-model.md describes them, as the API and the webhook write them.
import compat from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { people, type Person } from './people.js';

// firebase's compat type declarations describe a CommonJS module (the namespace under
// `default`); Node loads its ES build, whose default export is the namespace itself.
const firebase = ('default' in compat ? compat.default : compat) as typeof compat.default;

export const serverTime = () => firebase.firestore.FieldValue.serverTimestamp();
export const increment = (by: number) => firebase.firestore.FieldValue.increment(by);
export const deleteField = () => firebase.firestore.FieldValue.delete();
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A membership as the webhook stores it: paid until 20 days from now unless told otherwise. */
export function membershipOf(packageId: string, fields: Record<string, unknown> = {}) {
  return {
    packageId,
    packageName: 'Gold',
    status: 'active',
    currentPeriodEnd: daysAgo(-20),
    cancelAtPeriodEnd: false,
    subscriptionId: 'sub_rules',
    ...fields,
  };
}

/** Someone signed in whose profile POST /users has not stored yet. */
export const newcomer = {
  uid: 'newcomer',
  name: 'New Comer',
  email: 'new@rules.test',
  role: 'student',
  badge: 'Bronze',
  membership: null,
} as const satisfies Person;

export function profileOf(person: Person) {
  return {
    name: person.name,
    email: person.email,
    photoURL: null,
    role: person.role,
    badge: person.badge,
    membership: person.membership ? membershipOf(person.membership) : null,
    createdAt: daysAgo(30),
  };
}

/** The public fields an admin types into the meal form (the distributor's email is private). */
function mealForm() {
  return {
    title: 'Chicken Salad Bowl',
    category: 'Lunch',
    image: 'https://images.example.test/salad.jpg',
    ingredients: 'Chicken, Lettuce, Tomato',
    description: 'Grilled chicken on crisp greens.',
    price: 14.5,
    distributorName: 'Green Bowl Kitchen',
  };
}

/** The private half of a meal (mealPrivate/{id}, upcomingMealPrivate/{id}) added by `author`. */
export function mealPrivateBy(author: Person) {
  return { distributorEmail: 'orders@greenbowl.test', adminUid: author.uid };
}

/** A complete meal as a new one must look when written by `author` through the web SDK. */
export function newMealBy(author: Person) {
  return {
    ...mealForm(),
    adminName: author.name,
    searchTokens: ['chicken', 'chicken salad', 'salad', 'bowl'],
    likesCount: 0,
    reviewsCount: 0,
    ratingTotal: 0,
    rating: 0,
    postTime: serverTime(),
  };
}

/**
 * A stored meal. Its author is `owner`, an admin who has since become a student again, so
 * the matrix shows that being named as a meal's author gives no rights over it.
 */
export function storedMeal(counters = { likesCount: 0, reviewsCount: 0, ratingTotal: 0, rating: 0 }) {
  return {
    ...mealForm(),
    adminName: people.owner.name,
    searchTokens: ['chicken', 'chicken salad', 'salad', 'bowl'],
    ...counters,
    postTime: daysAgo(2),
  };
}

export function packageDocument(name: 'Silver' | 'Gold' | 'Platinum' = 'Gold') {
  return {
    name,
    price: 29.99,
    services: ['Request up to 7 meals a week', 'Like upcoming meals', 'Priority serving'],
    weeklyRequestLimit: 7,
    priorityServing: true,
  };
}

export function likeBy(uid: string) {
  return { uid, createdAt: daysAgo(1) };
}

export function reviewBy(author: Person, mealId: string) {
  return {
    uid: author.uid,
    mealId,
    mealTitle: 'Chicken Salad Bowl',
    userName: author.name,
    img: null,
    comment: 'Fresh and filling.',
    rating: 4,
    timeStamp: daysAgo(1),
  };
}

/** A request record (its id is its own, never derived from the meal or user). */
export function mealRequestBy(person: Person, mealId: string, status: 'pending' | 'served' | 'cancelled' = 'pending') {
  return {
    mealId,
    mealTitle: 'Chicken Salad Bowl',
    userUid: person.uid,
    userEmail: person.email,
    userName: person.name,
    status,
    requestedAt: daysAgo(2),
    servedAt: status === 'served' ? daysAgo(1) : null,
    cancelledAt: status === 'cancelled' ? daysAgo(1) : null,
    searchTokens: [],
  };
}

/** The pending slot of one user and meal (`pendingMealRequests/{mealId}_{uid}`). */
export function pendingSlotOf(person: Person, mealId: string, requestId: string) {
  return { requestId, mealId, userUid: person.uid };
}

export function paymentBy(person: Person, paymentIntentId: string) {
  return {
    uid: person.uid,
    email: person.email,
    packageId: 'gold',
    packageName: 'Gold',
    amount: 31.49,
    amountInCents: 3149,
    currency: 'usd',
    transactionId: paymentIntentId,
    paymentMethod: ['card'],
    status: 'succeeded',
    paidAt: daysAgo(5),
  };
}

/** A notification as the API writes it: unread until its owner marks it. */
export function notificationOf(fields: Record<string, unknown> = {}) {
  return {
    kind: 'request-served',
    title: 'Your meal is served',
    body: 'Khichuri has been delivered. Enjoy!',
    link: '/dashboard/requested-meal',
    createdAt: daysAgo(0),
    readAt: null,
    ...fields,
  };
}

/** A serving as the API stores it (functions/src/features/menu/planning.ts). */
export function servingOn(date: string) {
  return {
    mealId: 'meal-1',
    mealTitle: 'Lentil Soup',
    mealImage: '/images/lentil-soup.jpg',
    mealPrice: 12,
    mealCategory: 'Lunch',
    date,
    slot: 'lunch',
    startTime: '12:00',
    endTime: '14:00',
    startsAt: new Date(`${date}T12:00:00Z`),
    endsAt: new Date(`${date}T14:00:00Z`),
    cutoffAt: new Date(`${date}T10:00:00Z`),
    capacity: 20,
    reserved: 3,
    served: 0,
    version: 1,
  };
}
