import { act, Profiler } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SessionContext, type Session } from '@/lib/auth/session-context';
import { OnPageLive, PageLive } from './page-live';

const visitor = { user: null, profile: null, loading: false } as unknown as Session;

/** The page's commits, counted, and how many came before the one it went live in. */
function tracked() {
  const seen = { commits: 0, liveAfter: -1 };
  // A commit's layout effects (where the page goes live) run before its Profiler is told.
  const page = (hydrates: boolean) => (
    <SessionContext value={visitor}>
      <OnPageLive value={{ onLive: () => (seen.liveAfter = seen.commits), hydrates }}>
        <Profiler id="page" onRender={() => (seen.commits += 1)}>
          <PageLive />
        </Profiler>
      </OnPageLive>
    </SessionContext>
  );
  return { seen, page };
}

describe('the page going live', () => {
  it('is in the first commit of a page drawn over a prerendered one, which swaps its fields', async () => {
    const { seen, page } = tracked();
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(page(false)));
    expect(seen.liveAfter).toBe(0);
    expect(seen.commits).toBe(1);
    root.unmount();
  });

  it('is in the commit after a hydrated page’s take-over, once its markup is React’s', async () => {
    const { seen, page } = tracked();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(document.createElement('div'), page(true));
    });
    // The take-over's commit, then the transition's: the page went live in the second.
    expect(seen.liveAfter).toBe(1);
    expect(seen.commits).toBe(2);
    root?.unmount();
  });
});
