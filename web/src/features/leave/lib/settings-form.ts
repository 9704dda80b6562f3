// What the Meal settings form holds and how it becomes PUT /meal-settings' body. The form
// holds text (that is what inputs hold); the body it makes is checked by the contract's own
// schema (mealSettingsBody), and each refusal is put on the field it is about, in the
// schema's words, so the form and the API never disagree.
import {
  bookingRules,
  mealSettingsBody,
  z,
  type BookingRule,
  type MealSettings,
  type MealSettingsBody,
} from '@hostelhub/contracts';

export const creditKinds = ['none', 'perDay', 'share'] as const;
export type CreditKind = (typeof creditKinds)[number];

export const creditKindLabels: Record<CreditKind, string> = {
  none: 'No credit',
  perDay: 'A fixed amount per day',
  share: "A share of the plan's daily price",
};

export type MealSettingsForm = {
  booking: BookingRule;
  minDays: string;
  noticeDays: string;
  /** Blank: no limit. */
  maxDaysPerMonth: string;
  needsApproval: boolean;
  credit: CreditKind;
  /** Dollars and cents, "4.50". */
  creditPerDay: string;
  creditSharePercent: string;
  /** Blank: none. */
  uncreditedDays: string;
  creditByLength: { minDays: string; percent: string }[];
};

/** The stored settings as the form shows them. */
export function toForm({ booking, leave }: MealSettings): MealSettingsForm {
  return {
    booking,
    minDays: String(leave.minDays),
    noticeDays: String(leave.noticeDays),
    maxDaysPerMonth: leave.maxDaysPerMonth === null ? '' : String(leave.maxDaysPerMonth),
    needsApproval: leave.needsApproval,
    credit: leave.creditPerDayCents !== null ? 'perDay' : leave.creditSharePercent !== null ? 'share' : 'none',
    creditPerDay: leave.creditPerDayCents === null ? '' : (leave.creditPerDayCents / 100).toFixed(2),
    creditSharePercent: leave.creditSharePercent === null ? '' : String(leave.creditSharePercent),
    uncreditedDays: String(leave.uncreditedDays),
    creditByLength: leave.creditByLength.map((step) => ({
      minDays: String(step.minDays),
      percent: String(step.percent),
    })),
  };
}

/** A number typed: blank is absent (the schema says what that means), anything else as Number reads it. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** Dollars typed as whole cents; cents a float cannot hit (4.10 * 100) are rounded, fractions of a cent are not. */
function centsOf(text: string) {
  const dollars = numberOf(text);
  if (dollars === undefined) return undefined;
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 ? Math.round(cents) : cents;
}

/** The body the form's values make, before the schema checks it. */
function bodyOf(form: MealSettingsForm) {
  const credited = form.credit !== 'none';
  return {
    booking: form.booking,
    leave: {
      minDays: numberOf(form.minDays),
      noticeDays: numberOf(form.noticeDays),
      maxDaysPerMonth: numberOf(form.maxDaysPerMonth) ?? null,
      needsApproval: form.needsApproval,
      creditPerDayCents: form.credit === 'perDay' ? centsOf(form.creditPerDay) : null,
      creditSharePercent: form.credit === 'share' ? numberOf(form.creditSharePercent) : null,
      // Without credit, the days and steps that scale it mean nothing: none are sent.
      uncreditedDays: credited ? (numberOf(form.uncreditedDays) ?? 0) : 0,
      creditByLength: credited
        ? form.creditByLength.map((step) => ({ minDays: numberOf(step.minDays), percent: numberOf(step.percent) }))
        : [],
    },
  };
}

/** The form's field for a path of the body: `leave.creditPerDayCents` is typed as `creditPerDay`. */
function fieldOf(path: PropertyKey[]): string {
  const [area, name, ...rest] = path.map(String);
  if (area !== 'leave') return 'booking';
  if (name === undefined) return 'credit';
  if (name === 'creditPerDayCents') return 'creditPerDay';
  if (name === 'creditByLength') return ['creditByLength', ...rest].join('.');
  return name;
}

const formValues = z.object({
  booking: z.enum(bookingRules),
  minDays: z.string(),
  noticeDays: z.string(),
  maxDaysPerMonth: z.string(),
  needsApproval: z.boolean(),
  credit: z.enum(creditKinds),
  creditPerDay: z.string(),
  creditSharePercent: z.string(),
  uncreditedDays: z.string(),
  creditByLength: z.array(z.object({ minDays: z.string(), percent: z.string() })),
});

/** The form's values as PUT /meal-settings' body, or the schema's refusals on their fields. */
export const mealSettingsForm = formValues.transform((form, context): MealSettingsBody => {
  const checked = mealSettingsBody.safeParse(bodyOf(form));
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    context.addIssue({ code: 'custom', path: fieldOf(issue.path).split('.'), message: issue.message });
  }
  return z.NEVER;
});
