// Group commit (ADR 0047): work for one hot document that arrives while a transaction on it is
// in flight waits for that transaction and is then committed together, in one transaction of
// its own. A rush of 60 reservations of one serving becomes a few transactions on the serving
// instead of 60 aborting each other. The first caller waits for nobody.

/** One item's outcome in a group: its value, or the error that refuses it alone. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: Error };

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

/**
 * Returns `submit(key, item)`: the item joins the next group of its key, and `commit(key,
 * items)` (at most `maxItems` of them) settles each one. When commit itself fails, every item
 * of the group gets that error.
 */
export function groupCommits<I, O>(
  maxItems: number,
  commit: (key: string, items: I[]) => Promise<Settled<O>[]>,
): (key: string, item: I) => Promise<O> {
  const waiting = new Map<string, Waiting<I, O>[]>();

  async function drain(key: string, queue: Waiting<I, O>[]) {
    while (queue.length > 0) {
      const group = queue.splice(0, maxItems);
      try {
        const results = await commit(
          key,
          group.map((entry) => entry.item),
        );
        group.forEach((entry, index) => {
          const result = results[index];
          if (result?.ok) entry.resolve(result.value);
          else entry.reject(result?.error ?? new Error('A grouped commit gave no result for an item'));
        });
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    waiting.delete(key);
  }

  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const fresh = [{ item, resolve, reject }];
      waiting.set(key, fresh);
      void drain(key, fresh);
    });
}
