import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type HallSettings, type Hall } from '@hostelhub/contracts';
import { adminProfile, renderPage, sessionFor } from '@/testing/render';
import { oneHall, onEndpoint, recordBodies, server } from '@/testing/server';
import { AdminProfilePage } from './pages/admin-profile';

const renderAdminProfile = () => {
  renderPage('/dashboard/admin-profile', AdminProfilePage, sessionFor(adminProfile));
  return userEvent.setup();
};

const section = () => screen.getByRole('region', { name: 'Dining halls' });
const garden: Hall = {
  _id: 'garden',
  name: 'Garden Hall',
  slots: ['lunch', 'dinner'],
  closedDays: [],
  memberLimit: null,
};

describe('Admin Profile: dining halls', () => {
  it('lists the one hall with its meal times and offers no delete for it', async () => {
    renderAdminProfile();
    expect(
      within(section())
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('Loading the halls');
    const list = await within(section()).findByRole('list', { name: 'Halls' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Main hallBreakfast, Lunch, Dinner']);
    expect(within(section()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('adds a hall with the meal times chosen, and lists it once the API has it', async () => {
    let halls = [oneHall];
    server.use(onEndpoint(endpoints.halls, () => HttpResponse.json({ halls })));
    const sent = recordBodies(endpoints.addHall, () => {
      halls = [garden, oneHall];
      return HttpResponse.json({ insertedId: 'garden' }, { status: 201 });
    });
    const user = renderAdminProfile();
    const form = await within(section()).findByRole('form', { name: 'Add a hall' });

    await user.click(within(form).getByRole('button', { name: 'Add the hall' }));
    expect(within(form).getByRole('textbox', { name: "New hall's name" })).toHaveAccessibleDescription(
      'Give the hall a name',
    );
    expect(sent).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: "New hall's name" }), '  Garden Hall ');
    await user.click(within(form).getByRole('checkbox', { name: 'Breakfast' }));
    await user.click(within(form).getByRole('button', { name: 'Add the hall' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'Garden Hall', slots: ['lunch', 'dinner'], memberLimit: null }]));
    const list = within(section()).getByRole('list', { name: 'Halls' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section()).getByRole('button', { name: 'Delete Garden Hall' })).toBeEnabled();
    expect(within(form).getByRole('textbox', { name: "New hall's name" })).toHaveValue('');
  });

  it("shows the API's refusal of a hall, and of a delete, naming why", async () => {
    server.use(
      onEndpoint(endpoints.halls, () => HttpResponse.json({ halls: [garden, oneHall] })),
      onEndpoint(endpoints.addHall, () =>
        HttpResponse.json({ message: 'A hall is already named Garden Hall' }, { status: 409 }),
      ),
      onEndpoint(endpoints.deleteHall, () =>
        HttpResponse.json({ message: 'Servings are planned at this hall: move or delete them first' }, { status: 409 }),
      ),
    );
    const user = renderAdminProfile();
    const form = await within(section()).findByRole('form', { name: 'Add a hall' });
    await user.type(within(form).getByRole('textbox', { name: "New hall's name" }), 'Garden Hall');
    await user.click(within(form).getByRole('button', { name: 'Add the hall' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Not added: A hall is already named Garden Hall');

    await user.click(within(section()).getByRole('button', { name: 'Delete Garden Hall' }));
    expect(await within(section()).findByText(/^Not deleted:/)).toHaveTextContent(
      'Not deleted: Servings are planned at this hall: move or delete them first',
    );
  });

  it('saves how often a member may reserve at another hall, and until when members choose their hall', async () => {
    const sent = recordBodies(endpoints.updateHallSettings, (body) => HttpResponse.json(body as HallSettings));
    const user = renderAdminProfile();
    const form = await within(section()).findByRole('form', { name: 'Hall rules' });
    const limit = await within(form).findByRole('spinbutton', {
      name: 'Meals a member may reserve at another hall each month',
    });
    expect(limit).toHaveValue(4);
    const until = within(form).getByRole('textbox', { name: /^Members choose next month's hall until day/ });
    expect(until).toHaveValue('');
    const save = within(form).getByRole('button', { name: 'Save the hall rules' });
    expect(save).toBeDisabled();
    await user.clear(limit);
    await user.type(limit, '0');
    await user.type(until, '31');
    expect(within(form).getByText('A day from 1 to 28, or blank')).toBeInTheDocument();
    await user.clear(until);
    await user.type(until, '20');
    await user.click(save);
    await waitFor(() => expect(sent).toEqual([{ switchesPerMonth: 0, chooseUntilDay: 20 }]));
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    expect(limit).toHaveValue(0);
  });
});
