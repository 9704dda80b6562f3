import { unknownIds, withLiveFirstPage } from './live-rows';

const row = (id: string, status = 'pending') => ({ _id: id, status });

describe('withLiveFirstPage', () => {
  const apiPages = [[row('c'), row('b')], [row('a')]];

  it('is the API rows while there are no live rows', () => {
    expect(withLiveFirstPage(apiPages, undefined, 'newest-first').map((r) => r._id)).toEqual(['c', 'b', 'a']);
  });

  it('newest first: live rows win, and rows pushed off the live page stay', () => {
    const live = [row('d'), row('c', 'delivered')];
    expect(withLiveFirstPage(apiPages, live, 'newest-first')).toEqual([
      row('d'),
      row('c', 'delivered'),
      row('b'),
      row('a'),
    ]);
  });

  it('queue: the live rows replace the first page, later pages follow without repeats', () => {
    // b was served (left the queue), a moved up into the live page, e joined.
    const live = [row('c'), row('a'), row('e')];
    expect(
      withLiveFirstPage(
        [
          [row('c'), row('b')],
          [row('a'), row('f')],
        ],
        live,
        'queue',
      ).map((r) => r._id),
    ).toEqual(['c', 'a', 'e', 'f']);
  });
});

describe('unknownIds', () => {
  it('names the live rows the API has not sent', () => {
    expect(unknownIds([row('d'), row('c')], [row('c'), row('b')])).toEqual(['d']);
    expect(unknownIds(undefined, [row('c')])).toEqual([]);
  });
});
