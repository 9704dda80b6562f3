import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type MealSettings } from '@hostelhub/contracts';
import { leaveRules, mealSettingsOf } from '@/testing/leave';
import { adminSession, renderPage } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { MealSettingsPage } from './pages/meal-settings';

/** GET /meal-settings answers `stored`; PUT stores what it is sent and answers it, unless `refuse` says otherwise. */
function answerSettings(stored: MealSettings, refuse?: () => Response) {
  let now = stored;
  server.use(onEndpoint(endpoints.mealSettings, () => HttpResponse.json(now)));
  const sent = recordBodies(endpoints.updateMealSettings, (body) => {
    if (refuse) return refuse();
    now = body as MealSettings;
    return HttpResponse.json(now);
  });
  return sent;
}

const renderSettings = () => renderPage('/dashboard/meal-settings', MealSettingsPage, adminSession());

async function openForm() {
  const form = await screen.findByRole('form', { name: 'Meal settings' });
  return { form, user: userEvent.setup() };
}

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe('Meal Settings', () => {
  it('shows the booking rule and the leave rules as they are stored, in words and in the form', async () => {
    answerSettings(mealSettingsOf());
    renderSettings();
    const { form } = await openForm();
    const now = screen.getByRole('region', { name: 'Now in force' });
    expect(now).toHaveTextContent('Now: Members reserve.');
    expect(textsOf(now, 'listitem')).toEqual([
      'At least 3 days, applied for 2 days ahead or more.',
      'At most 15 days of leave in a month.',
      'An admin approves each leave.',
      'Each day earns $4.00 off your next invoice.',
    ]);
    expect(within(form).getByRole('radio', { name: 'Members reserve' })).toBeChecked();
    // Each rule is explained in a sentence.
    expect(within(form).getByRole('radio', { name: 'Booked by default' })).toHaveAccessibleDescription(
      'Every member is counted for every serving at their hall, unless they are on leave that day or skip the serving before its cutoff.',
    );
    expect(within(form).getByLabelText('Shortest leave, in days')).toHaveValue('3');
    expect(within(form).getByLabelText('Days of notice')).toHaveValue('2');
    expect(within(form).getByLabelText('Most days of leave in a month')).toHaveValue('15');
    expect(within(form).getByRole('checkbox', { name: 'An admin approves each leave' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'A fixed amount per day' })).toBeChecked();
    expect(within(form).getByLabelText('Credit per day, in dollars')).toHaveValue('4.00');
    expect(within(form).getByRole('button', { name: 'Save the meal settings' })).toBeDisabled();
  });

  it('saves booked by default with a share of the plan’s price, uncredited days and steps by length', async () => {
    const sent = answerSettings(mealSettingsOf());
    renderSettings();
    const { form, user } = await openForm();
    await user.click(within(form).getByRole('radio', { name: 'Booked by default' }));
    await retype(user, within(form).getByLabelText('Most days of leave in a month'), '');
    await user.click(within(form).getByRole('checkbox', { name: 'An admin approves each leave' }));
    await user.click(within(form).getByRole('radio', { name: "A share of the plan's daily price" }));
    expect(within(form).queryByLabelText('Credit per day, in dollars')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText("Share of the plan's daily price, in percent"), '80');
    await retype(user, within(form).getByLabelText('Days of each leave without credit'), '2');
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    await user.type(within(form).getByLabelText('Step 1: from days'), '3');
    await user.type(within(form).getByLabelText('Step 1: percent of the credit'), '50');
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    await user.type(within(form).getByLabelText('Step 2: from days'), '7');
    await user.type(within(form).getByLabelText('Step 2: percent of the credit'), '100');
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          booking: 'default',
          leave: {
            minDays: 3,
            noticeDays: 2,
            maxDaysPerMonth: null,
            needsApproval: false,
            creditPerDayCents: null,
            creditSharePercent: 80,
            uncreditedDays: 2,
            creditByLength: [
              { minDays: 3, percent: 50 },
              { minDays: 7, percent: 100 },
            ],
          },
        },
      ]),
    );
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    const now = screen.getByRole('region', { name: 'Now in force' });
    expect(now).toHaveTextContent('Now: Booked by default.');
    expect(textsOf(now, 'listitem')).toContain('From 7 days: 100% of the credit.');
    expect(within(form).getByRole('button', { name: 'Save the meal settings' })).toBeDisabled();
  });

  it('sends a fixed credit in cents, and no credit with neither amount, steps nor uncredited days', async () => {
    const sent = answerSettings(
      mealSettingsOf({ leave: { ...leaveRules, uncreditedDays: 1, creditByLength: [{ minDays: 5, percent: 50 }] } }),
    );
    renderSettings();
    const { form, user } = await openForm();
    await retype(user, within(form).getByLabelText('Credit per day, in dollars'), '4.10');
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as MealSettings).leave).toMatchObject({
      creditPerDayCents: 410,
      creditSharePercent: null,
      uncreditedDays: 1,
      creditByLength: [{ minDays: 5, percent: 50 }],
    });

    await within(form).findByText('Saved.');
    await user.click(within(form).getByRole('radio', { name: 'No credit' }));
    expect(within(form).queryByRole('button', { name: 'Add a step' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as MealSettings).leave).toMatchObject({
      creditPerDayCents: null,
      creditSharePercent: null,
      uncreditedDays: 0,
      creditByLength: [],
    });
  });

  it('checks each field as the API does, in the schema’s words, and sends nothing until they pass', async () => {
    const sent = answerSettings(mealSettingsOf());
    renderSettings();
    const { form, user } = await openForm();
    await retype(user, within(form).getByLabelText('Shortest leave, in days'), '0');
    await retype(user, within(form).getByLabelText('Days of notice'), '');
    await retype(user, within(form).getByLabelText('Most days of leave in a month'), '2.5');
    await retype(user, within(form).getByLabelText('Credit per day, in dollars'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    await user.type(within(form).getByLabelText('Step 1: from days'), '7');
    await user.type(within(form).getByLabelText('Step 1: percent of the credit'), '120');
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    await user.type(within(form).getByLabelText('Step 2: from days'), '3');
    await user.type(within(form).getByLabelText('Step 2: percent of the credit'), '50');
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));

    expect(await within(form).findByText('leave.minDays must be 1 to 31')).toBeInTheDocument();
    expect(within(form).getByLabelText('Shortest leave, in days')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Days of notice')).toHaveAccessibleDescription(
      '0: from today. leave.noticeDays must be a number',
    );
    expect(within(form).getByText('leave.maxDaysPerMonth must be a whole number')).toBeInTheDocument();
    expect(within(form).getByText('leave.creditPerDayCents must be a number')).toBeInTheDocument();
    expect(within(form).getByText('leave.creditByLength.percent must be 0 to 100')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // Once the fields pass, the order of the steps is checked too.
    await retype(user, within(form).getByLabelText('Shortest leave, in days'), '3');
    await retype(user, within(form).getByLabelText('Days of notice'), '2');
    await retype(user, within(form).getByLabelText('Most days of leave in a month'), '');
    await retype(user, within(form).getByLabelText('Credit per day, in dollars'), '4');
    await retype(user, within(form).getByLabelText('Step 1: percent of the credit'), '100');
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));
    expect(await within(form).findByText('leave.creditByLength must go up by minDays, each once')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Remove step 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('offers at most five steps', async () => {
    answerSettings(mealSettingsOf());
    renderSettings();
    const { form, user } = await openForm();
    const add = within(form).getByRole('button', { name: 'Add a step' });
    for (let step = 0; step < 5; step += 1) await user.click(add);
    expect(add).toBeDisabled();
    expect(within(form).getByText('At most 5 steps.')).toBeInTheDocument();
    expect(within(form).getAllByRole('button', { name: /^Remove step/ })).toHaveLength(5);
  });

  it('shows the API’s refusal as it says it, and keeps what was typed', async () => {
    answerSettings(mealSettingsOf(), () =>
      HttpResponse.json({ message: 'leave: give creditPerDayCents or creditSharePercent, not both' }, { status: 400 }),
    );
    renderSettings();
    const { form, user } = await openForm();
    await retype(user, within(form).getByLabelText('Shortest leave, in days'), '4');
    await user.click(within(form).getByRole('button', { name: 'Save the meal settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Not saved: leave: give creditPerDayCents or creditSharePercent, not both',
    );
    expect(within(form).getByLabelText('Shortest leave, in days')).toHaveValue('4');
    expect(within(form).queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('says when the settings could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      onEndpoint(endpoints.mealSettings, () =>
        fail
          ? HttpResponse.json({ message: 'Database unavailable' }, { status: 500 })
          : HttpResponse.json(mealSettingsOf()),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByText('The meal settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Meal settings' })).toBeInTheDocument();
  });
});
