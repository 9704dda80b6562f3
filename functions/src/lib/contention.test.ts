// Which Firestore failures are contention (ADR 0047): retried, then a 503, never a 500.
import { describe, expect, it } from 'vitest';
import { isContention } from './transactions.js';

describe('isContention', () => {
  it('takes ABORTED and a transaction the emulator closed, and nothing else', () => {
    expect(isContention({ code: 10, message: '10 ABORTED: Transaction lock timeout.' })).toBe(true);
    expect(isContention({ code: 3, message: '3 INVALID_ARGUMENT: Transaction is invalid or closed' })).toBe(true);
    expect(isContention({ code: 3, message: '3 INVALID_ARGUMENT: Document name "x" is invalid' })).toBe(false);
    expect(isContention({ code: 5, message: '5 NOT_FOUND: no entity to update' })).toBe(false);
    expect(isContention(new Error('Transaction is invalid or closed'))).toBe(false);
    expect(isContention(undefined)).toBe(false);
  });
});
