// Group commit (ADR 0047), without Firestore: which items share a commit, and how each is settled.
import { describe, expect, it } from 'vitest';
import { groupCommits, type Settled } from './group-commit.js';

/** A commit that records each group it is given and waits for the test to finish it. */
function recordingCommit() {
  const groups: {
    key: string;
    items: number[];
    finish: (results?: Settled<string>[]) => void;
    fail: (error: Error) => void;
  }[] = [];
  const commit = (key: string, items: number[]) =>
    new Promise<Settled<string>[]>((resolve, reject) => {
      groups.push({
        key,
        items,
        finish: (results) => resolve(results ?? items.map((item) => ({ ok: true, value: `${key}:${item}` }))),
        fail: reject,
      });
    });
  return { groups, commit };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('groupCommits', () => {
  it('commits the first item at once and the ones that arrive meanwhile together, at most maxItems a group', async () => {
    const { groups, commit } = recordingCommit();
    const submit = groupCommits(3, commit);
    const answers = [1, 2, 3, 4, 5].map((item) => submit('serving', item));
    await tick();
    expect(groups.map((group) => group.items)).toEqual([[1]]);
    groups[0]!.finish();
    await tick();
    expect(groups.map((group) => group.items)).toEqual([[1], [2, 3, 4]]);
    groups[1]!.finish();
    await tick();
    groups[2]!.finish();
    expect(await Promise.all(answers)).toEqual(['serving:1', 'serving:2', 'serving:3', 'serving:4', 'serving:5']);
  });

  it('keeps keys apart, settles each item on its own, and fails only the group whose commit failed', async () => {
    const { groups, commit } = recordingCommit();
    const submit = groupCommits(10, commit);
    const first = submit('a', 1);
    const other = submit('b', 2);
    await tick();
    expect(groups.map((group) => [group.key, group.items])).toEqual([
      ['a', [1]],
      ['b', [2]],
    ]);
    const later = [submit('a', 3), submit('a', 4)];
    groups[0]!.fail(new Error('contended'));
    groups[1]!.finish();
    await expect(first).rejects.toThrow('contended');
    expect(await other).toBe('b:2');
    await tick();
    groups[2]!.finish([
      { ok: false, error: new Error('full') },
      { ok: true, value: 'placed' },
    ]);
    await expect(later[0]).rejects.toThrow('full');
    expect(await later[1]).toBe('placed');
    // Once its queue is empty a key starts afresh: the next item is committed at once.
    const again = submit('a', 5);
    await tick();
    groups[3]!.finish();
    expect(await again).toBe('a:5');
  });
});
