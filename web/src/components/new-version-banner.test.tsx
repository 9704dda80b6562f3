import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newVersionWaiting } from '@/lib/offline/new-version';
import { NewVersionBanner } from './new-version-banner';

// The update flow (ADR 79): nothing until a new build's service worker waits, then an offer
// whose Reload alone makes it take over.
describe('the new version banner', () => {
  it('offers the reload once a new version waits, and switches only on the click', async () => {
    const activate = vi.fn();
    const user = userEvent.setup();
    render(<NewVersionBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => newVersionWaiting(activate));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of HostelHub is ready.');
    expect(activate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
