// Looking up a key that came from outside (a query string, a body, an event) in a record.

/**
 * Whether `key` is one of `record`'s own keys. A key that came from outside (a query string,
 * a body, an event) is looked up with this, never with `in` or a bare `record[key]`: those
 * also find what every object inherits ('constructor', 'toString', '__proto__').
 */
export function isOwnKey<T extends object>(record: T, key: PropertyKey): key is keyof T {
  return Object.hasOwn(record, key);
}

/** The value `record` itself holds under `key`; undefined for an inherited name. */
export function ownValue<T extends object>(record: T, key: PropertyKey): T[keyof T] | undefined {
  return isOwnKey(record, key) ? record[key] : undefined;
}
