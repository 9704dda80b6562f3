import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { endpoints, type Menu } from '@hostelhub/contracts';
import { makeMenu, makeServing, today } from '@/testing/menu';
import { renderRoutes } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { TodayAtTheHostel } from './today-at-the-hostel';

const renderToday = (menu: Menu) => {
  let asked: URLSearchParams | null = null;
  server.use(
    onEndpoint(endpoints.menu, ({ request }) => {
      asked = new URL(request.url).searchParams;
      return HttpResponse.json(menu);
    }),
  );
  renderRoutes({ routes: [{ path: '/', Component: TodayAtTheHostel }], path: '/' });
  return () => asked;
};

describe('Today at the hostel', () => {
  it("lists today's servings by slot with their times, from one day of the menu", async () => {
    const asked = renderToday(
      makeMenu(
        [
          makeServing({ slot: 'lunch', meal: { ...makeServing().meal, title: 'Lentil Soup' } }),
          makeServing({ slot: 'lunch', meal: { ...makeServing().meal, title: 'Green Salad' } }),
          makeServing({ slot: 'dinner', meal: { ...makeServing().meal, title: 'Pho' } }),
        ],
        { days: 1 },
      ),
    );
    const section = await screen.findByRole('region', { name: 'Today at the hostel' });
    const lunch = (await within(section).findByText('Lentil Soup, Green Salad')).closest('li')!;
    expect(lunch).toHaveTextContent('Lunch 12:00–14:00');
    expect(within(section).getByText('Pho').closest('li')).toHaveTextContent('Dinner 18:30–20:30');
    expect(asked()?.get('days')).toBe('1');
    expect(within(section).getByRole('link', { name: "See the week's menu" })).toHaveAttribute('href', '/menu');
  });

  it('shows the closed note, or that nothing is on the menu', async () => {
    renderToday(makeMenu([], { days: 1, closed: { [today()]: 'Kitchen closed: public holiday' } }));
    expect(await screen.findByText('Kitchen closed: public holiday')).toBeInTheDocument();
  });

  it('says when nothing is planned today', async () => {
    renderToday(makeMenu([], { days: 1 }));
    expect(await screen.findByText('Nothing on the menu today')).toBeInTheDocument();
  });
});
