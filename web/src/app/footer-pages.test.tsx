import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/testing/render';
import { hostelContact, privacyContent, termsContent } from '@/features/info-pages/content';
import { routes } from './router';

// The footer's pages through the site's own routes and layout: every footer link opens its
// page, with its heading, its text and its document title.
const footerPages: [string, string, RegExp][] = [
  ['About Us', '/about', /the hostel’s own kitchen/],
  ['Contact', '/contact', /The kitchen office is happy to help/],
  ['FAQ', '/faq', /How do I request a meal\?/],
  ['Terms of Service', '/terms', /Memberships and payment/],
  ['Privacy Policy', '/privacy', /Card payments are handled by Stripe/],
];

describe("the footer's pages", () => {
  it.each(footerPages)('the footer link "%s" opens %s with its heading, text and title', async (label, path, text) => {
    const user = userEvent.setup();
    const { router } = renderRoutes({ routes, path: '/no-such-page' });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: label }));
    expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe(`${label} · HostelHub`));
  });

  it('gives the Contact page the kitchen office’s email as a mail link, and its phone and hours', async () => {
    renderRoutes({ routes, path: '/contact' });
    const details = await screen.findByRole('region', { name: 'The kitchen office' });
    expect(within(details).getByRole('link', { name: hostelContact.email })).toHaveAttribute(
      'href',
      `mailto:${hostelContact.email}`,
    );
    expect(within(details).getByText(hostelContact.phone)).toBeInTheDocument();
    expect(within(details).getByText(hostelContact.hours)).toBeInTheDocument();
  });

  it('dates the policies, links each to the other and says who to ask', async () => {
    const user = userEvent.setup();
    renderRoutes({ routes, path: '/privacy' });
    expect(await screen.findByText(`Last updated: ${privacyContent.lastUpdated}`)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Questions about this policy' })).toHaveTextContent(hostelContact.email);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Service' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(`Last updated: ${termsContent.lastUpdated}`)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('tells what the app keeps: account, sign-in, Stripe without card numbers, public reviews, browser storage', async () => {
    renderRoutes({ routes, path: '/privacy' });
    const main = await screen.findByRole('main');
    for (const heading of ['Your account', 'Payments', 'Meals, requests, likes and reviews', 'Kept in your browser']) {
      expect(within(main).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(main).toHaveTextContent(/HostelHub never receives or stores it/);
    expect(main).toHaveTextContent(/anyone can read a review with your name and profile picture/);
    expect(main).toHaveTextContent(/local storage/);
  });

  it('gives each page its own title as the visitor moves between them', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes({ routes, path: '/faq' });
    await waitFor(() => expect(document.title).toBe('FAQ · HostelHub'));
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Contact the kitchen office' }));
    await waitFor(() => expect(document.title).toBe('Contact · HostelHub'));
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(document.title).toBe('About Us · HostelHub'));
  });
});
