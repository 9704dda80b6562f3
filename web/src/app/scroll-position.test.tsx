import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { useScrollPositions } from './scroll-position';

function Page({ name }: { name: string }) {
  useScrollPositions();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/faq#%zz">Broken anchor</Link>
      <Link to="/faq#answer%20one">Encoded anchor</Link>
      <p id="answer one">The answer</p>
    </>
  );
}

describe('scroll positions on a new page', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn();
    Element.prototype.scrollIntoView = vi.fn();
  });

  function renderAt(path: string) {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<Page name="Home" />} />
          <Route path="/faq" element={<Page name="FAQ" />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('scrolls to the element an encoded #hash names', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Encoded anchor' }));
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('opens a page whose #hash does not decode, at the top', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Broken anchor' }));
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
