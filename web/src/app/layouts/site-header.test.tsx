import { screen } from '@testing-library/react';
import { renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { SiteHeader } from './site-header';

const renderHeader = (profile: typeof studentProfile | null) =>
  renderRoutes({ routes: [{ path: '/', Component: SiteHeader }], path: '/', session: sessionFor(profile) });

describe('the site header', () => {
  it('shows a visitor no bell', async () => {
    renderHeader(null);
    expect(await screen.findByRole('link', { name: 'Join Us' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('loads the bell for a signed-in user', async () => {
    renderHeader(studentProfile);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
