import { screen } from '@testing-library/react';
import { renderRoutes, sessionFor } from '@/testing/render';
import { SiteFooter } from './site-footer';

describe('the site footer', () => {
  afterEach(() => vi.useRealTimers());

  it('dates its notice by the year of the visit', async () => {
    vi.useFakeTimers({ now: new Date('2027-03-01T12:00:00Z'), toFake: ['Date'] });
    renderRoutes({ routes: [{ path: '/', Component: SiteFooter }], path: '/', session: sessionFor(null) });
    expect(await screen.findByText('© 2027 HostelHub. All rights reserved.')).toBeInTheDocument();
  });
});
