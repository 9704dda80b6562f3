// A member's on/off choices per kind (the emails they get, the pushes they get): stored as a
// map of kinds to booleans, read with the defaults filled in, changed by a PATCH of any kinds.
import { z } from './zod.js';

/** The stored choices with `defaults` for every kind not chosen yet (anything else ignored). */
export function choicesOf<Kind extends string>(
  kinds: readonly Kind[],
  defaults: Record<Kind, boolean>,
  stored: unknown,
): Record<Kind, boolean> {
  const chosen = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const choices = { ...defaults };
  for (const kind of kinds) {
    const value = chosen[kind];
    if (typeof value === 'boolean') choices[kind] = value;
  }
  return choices;
}

/** A PATCH of choices: any of the kinds, each true or false, at least one; `what` names them. */
export const choicesBody = <Kind extends string>(kinds: readonly Kind[], what: string) =>
  z
    .strictObject(
      Object.fromEntries(kinds.map((kind) => [kind, z.boolean(`${kind} must be true or false`).optional()])) as {
        [kind in Kind]: z.ZodOptional<z.ZodBoolean>;
      },
    )
    .refine((body) => Object.keys(body).length > 0, `Name at least one ${what}`);
