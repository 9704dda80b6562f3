import { screen } from '@testing-library/react';
import { memberProfile, renderPage, sessionFor } from '@/testing/render';
import { MyProfilePage } from './pages/my-profile';

// Credit from approved leave (ADR 74) waits on the profile until an invoice takes it off.
describe('My Profile: leave credit', () => {
  it('shows the leave credit waiting for the next invoice', async () => {
    renderPage('/dashboard/my-profile', MyProfilePage, sessionFor({ ...memberProfile, leaveCreditCents: 1_250 }));
    expect(await screen.findByText('Leave credit waiting for your next invoice:')).toHaveTextContent(
      'Leave credit waiting for your next invoice: $12.50',
    );
  });

  it('says nothing of leave credit when there is none', async () => {
    renderPage('/dashboard/my-profile', MyProfilePage, sessionFor(memberProfile));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByText(/Leave credit/)).not.toBeInTheDocument();
  });
});
