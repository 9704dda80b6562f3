import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { addDays, endpoints, type RequestedMeal } from '@hostelhub/contracts';
import { makeReservation, makeServing, today } from '@/testing/menu';
import { memberProfile, renderRoutes, sessionFor } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { NextMeal } from './next-meal';

const renderNextMeal = () =>
  renderRoutes({ routes: [{ path: '/', Component: NextMeal }], path: '/', session: sessionFor(memberProfile) });

const answerRequests = (items: RequestedMeal[]) =>
  server.use(onEndpoint(endpoints.myReservations, () => HttpResponse.json({ items, nextCursor: null })));

describe('Your next meal', () => {
  it("names the soonest reservation still ahead: today's lunch before tomorrow's dinner", async () => {
    // Lunch ends at 14:00 today: make it end later than now whatever time the test runs.
    const lunch = makeServing({ _id: 'lunch', endsAt: new Date(Date.now() + 3600_000).toISOString() });
    const dinner = makeServing({ _id: 'dinner', slot: 'dinner', date: addDays(today(), 1) });
    answerRequests([makeReservation(dinner), { ...makeReservation(lunch), title: 'Lentil Soup' }]);
    renderNextMeal();
    const line = await screen.findByTestId('next-meal');
    expect(line).toHaveTextContent(/^Your next meal: Lunch today, 12:00–\d\d:\d\d \(Lentil Soup\)$/);
  });

  it('says tomorrow, and skips cancelled and past reservations', async () => {
    const past = makeServing({ _id: 'past', date: addDays(today(), -1) });
    const cancelled = makeServing({
      _id: 'cancelled',
      date: today(),
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const dinner = makeServing({ _id: 'dinner', slot: 'dinner', date: addDays(today(), 1) });
    answerRequests([
      makeReservation(past),
      makeReservation(cancelled, { status: 'cancelled' }),
      { ...makeReservation(dinner), title: 'Pho' },
    ]);
    renderNextMeal();
    expect(await screen.findByTestId('next-meal')).toHaveTextContent(
      'Your next meal: Dinner tomorrow, 18:30–20:30 (Pho)',
    );
  });

  it('points to the menu when nothing is reserved', async () => {
    answerRequests([]);
    renderNextMeal();
    expect(await screen.findByText('No meal reserved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', '/menu');
  });
});
