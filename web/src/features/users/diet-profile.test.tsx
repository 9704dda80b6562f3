import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { expectDialog } from '@/testing/dialogs';
import { renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { DietProfileForm } from './components/diet-profile-form';

function renderForm(diet = { avoid: ['peanuts' as const], diets: [] }) {
  const refreshProfile = vi.fn().mockResolvedValue(undefined);
  const session = sessionFor({ ...studentProfile, diet }, { refreshProfile });
  renderRoutes({ routes: [{ path: '/', Component: () => <DietProfileForm diet={diet} /> }], path: '/', session });
  return { refreshProfile, user: userEvent.setup() };
}

test('starts from the stored diet, saves the change with PATCH /user/diet and reloads the profile', async () => {
  const sent = recordBodies(endpoints.updateDiet, (body) => HttpResponse.json(body as never));
  const { refreshProfile, user } = renderForm();
  expect(screen.getByLabelText('Peanuts')).toBeChecked();
  expect(screen.getByRole('button', { name: 'Save my diet' })).toBeDisabled();
  await user.click(screen.getByLabelText('Milk'));
  await user.click(screen.getByLabelText('Halal'));
  await user.click(screen.getByRole('button', { name: 'Save my diet' }));
  await expectDialog('Diet saved');
  expect(sent.at(-1)).toEqual({ avoid: ['milk', 'peanuts'], diets: ['halal'] });
  await waitFor(() => expect(refreshProfile).toHaveBeenCalled());
});

test("shows the API's refusal and keeps what was ticked", async () => {
  server.use(
    onEndpoint(endpoints.updateDiet, () =>
      HttpResponse.json({ message: 'avoid: lists an allergen twice' }, { status: 400 }),
    ),
  );
  const { user } = renderForm();
  await user.click(screen.getByLabelText('Sesame'));
  await user.click(screen.getByRole('button', { name: 'Save my diet' }));
  await expectDialog('avoid: lists an allergen twice');
  expect(screen.getByLabelText('Sesame')).toBeChecked();
});
