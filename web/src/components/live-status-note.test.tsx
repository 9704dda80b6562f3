import { render, screen } from '@testing-library/react';
import { LiveStatusNote } from './live-status-note';

describe('LiveStatusNote', () => {
  it('announces a pause quietly, as a status', () => {
    const view = render(<LiveStatusNote status="paused" />);
    expect(screen.getByRole('status')).toHaveTextContent('Live updates paused');
    view.rerender(<LiveStatusNote status="live" />);
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    expect(screen.queryByText('Live updates paused')).not.toBeInTheDocument();
  });

  it('shows nothing where there is no live data', () => {
    const { container } = render(<LiveStatusNote status="off" />);
    expect(container).toBeEmptyDOMElement();
  });
});
