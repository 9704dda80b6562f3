import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { useSession } from '@/lib/auth';
import { memberProfile, renderRoutes, sessionFor } from '@/testing/render';
import { useNoticeFromLink } from './api/notice-from-link';

/** A page with the hook as the bell uses it: marking only once someone is signed in. */
function renderAt(path: string, signedIn = true) {
  const markRead = vi.fn();
  function Page() {
    const { user } = useSession();
    useNoticeFromLink(user ? markRead : null);
    const location = useLocation();
    return <p data-testid="address">{`${location.pathname}${location.search}${location.hash}`}</p>;
  }
  const view = renderRoutes({
    routes: [
      { path: '/dashboard/requested-meal', Component: Page },
      { path: '/menu', Component: Page },
    ],
    path,
    session: sessionFor(signedIn ? memberProfile : null),
  });
  return { ...view, markRead };
}

const address = () => screen.getByTestId('address');

describe("an email's link to its bell entry", () => {
  it('marks the entry its fragment names read once and takes it out of the address, the query kept', async () => {
    const { markRead } = renderAt('/menu?from=2026-11-30#notice=weekly-menu-2026-11-30_u1');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/menu\?from=2026-11-30$/));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith('weekly-menu-2026-11-30_u1');
  });

  it('keeps the rest of the fragment', async () => {
    const { markRead } = renderAt('/menu#notice=n1&day=2026-11-30');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/menu#day=2026-11-30$/));
    expect(markRead).toHaveBeenCalledWith('n1');
  });

  it('still reads the query of a link sent before, and takes it out of the address', async () => {
    const { markRead } = renderAt('/dashboard/requested-meal?from=2026-11-27&notice=reservation-confirmed-r1_u1');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/dashboard\/requested-meal\?from=2026-11-27$/));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith('reservation-confirmed-r1_u1');
  });

  it('waits for the signed-in user before marking anything', async () => {
    const { markRead, updateSession } = renderAt('/dashboard/requested-meal#notice=n1', false);
    expect(address()).toHaveTextContent(/^\/dashboard\/requested-meal#notice=n1$/);
    expect(markRead).not.toHaveBeenCalled();
    updateSession(sessionFor(memberProfile));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/dashboard\/requested-meal$/));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith('n1');
  });

  it('drops an id that names another path, without reporting it', async () => {
    const { markRead } = renderAt('/dashboard/requested-meal#notice=..%2Fother-user%2Fnotifications%2Fx');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/dashboard\/requested-meal$/));
    expect(markRead).not.toHaveBeenCalled();
  });
});
