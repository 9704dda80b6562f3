import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { LikeButton } from './like-button';

describe('LikeButton', () => {
  it("on a meal's page shows the count inside the button and likes once", async () => {
    const onLike = vi.fn();
    const { rerender } = render(<LikeButton liked={false} busy={false} likes={4} onLike={onLike} />);
    const button = screen.getByRole('button', { name: /^Like/ });
    expect(button).toHaveTextContent('Like4');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(onLike).toHaveBeenCalledOnce();
    rerender(<LikeButton liked busy={false} likes={5} onLike={onLike} />);
    expect(screen.getByRole('button', { name: /^Liked/ })).toBeDisabled();
    expect(screen.getByLabelText('5 likes')).toHaveTextContent('5');
  });

  it('in a list names its meal and keeps the count beside it', () => {
    render(<LikeButton liked={false} busy={false} likes={1} onLike={() => {}} mealTitle="Waffle Bar" />);
    const button = screen.getByRole('button', { name: 'Like Waffle Bar' });
    expect(button).not.toHaveTextContent('1');
    expect(screen.getByTestId('like-count')).toHaveTextContent('1 like');
  });

  it('is disabled while a like is on its way', () => {
    render(<LikeButton liked={false} busy likes={0} onLike={() => {}} mealTitle="Waffle Bar" />);
    expect(screen.getByRole('button', { name: 'Like Waffle Bar' })).toBeDisabled();
  });
});
