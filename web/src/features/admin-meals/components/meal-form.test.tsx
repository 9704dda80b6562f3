import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { MealInput } from '@hostelhub/contracts';
import { server } from '@/testing/server';
import { fillMealForm } from '@/testing/meals';
import { textsOf } from '@/testing/queries';
import { MealForm } from './meal-form';

const imageHost = 'https://images.example.test/1/upload?key=demo-key';

function renderForm(uploadUrl: string | null = null) {
  const onSubmit = vi.fn<(meal: MealInput) => Promise<void>>().mockResolvedValue();
  render(
    <MealForm
      adminName="Ada Admin"
      adminEmail="admin@hostelhub.test"
      submitLabel="Add Meal"
      onSubmit={onSubmit}
      uploadUrl={uploadUrl}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const fillValidMeal = (user: ReturnType<typeof userEvent.setup>, { withImage = true } = {}) =>
  fillMealForm(user, {
    title: 'Lentil Soup',
    category: 'Dinner',
    image: withImage ? 'https://cdn.example.test/soup.jpg' : null,
    ingredients: 'Lentils, Onion, Cumin',
    description: 'A warming bowl.',
    price: '12.75',
    distributorName: 'Green Bowl Kitchen',
    distributorEmail: 'orders@greenbowl.test',
    ticks: ['Contains none of the 14'],
  });

describe('MealForm', () => {
  it('shows every required-field message of the spec and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Meal' }));

    for (const message of [
      'Title is required',
      'Category is required',
      'Image is required',
      'Ingredients are required',
      'Description is required',
      'Price is required',
      'Distributor name is required',
      'Distributor Email is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the three categories, a price with cents and the admin read-only', () => {
    renderForm();
    const category = screen.getByLabelText('Category');
    expect(textsOf(category, 'option')).toEqual(['Choose a category', 'Breakfast', 'Lunch', 'Dinner']);
    expect(screen.getByLabelText(/price/i)).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Admin name')).toHaveValue('Ada Admin');
    expect(screen.getByLabelText('Admin name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Admin email')).toHaveValue('admin@hostelhub.test');
    expect(screen.getByLabelText('Admin email')).toHaveAttribute('readonly');
  });

  it('refuses a malformed distributor email and a price of zero', async () => {
    const { onSubmit, user } = renderForm();
    await fillValidMeal(user);
    await user.clear(screen.getByLabelText('Distributor Email'));
    await user.type(screen.getByLabelText('Distributor Email'), 'not-an-email');
    await user.clear(screen.getByLabelText(/price/i));
    await user.type(screen.getByLabelText(/price/i), '0');
    await user.click(screen.getByRole('button', { name: 'Add Meal' }));

    expect(await screen.findByText('Distributor Email is not valid')).toBeInTheDocument();
    expect(screen.getByText('Price must be more than 0')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks each field when it is left, while the others are still empty', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/price/i), '-3');
    await user.tab();
    expect(await screen.findByText('Price must be more than 0')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Distributor Email'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Distributor Email is not valid')).toBeInTheDocument();
    // Fields not yet visited say nothing.
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the meal with a decimal price and clears the form', async () => {
    const { onSubmit, user } = renderForm();
    await fillValidMeal(user);
    await user.click(screen.getByRole('button', { name: 'Add Meal' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      title: 'Lentil Soup',
      category: 'Dinner',
      image: 'https://cdn.example.test/soup.jpg',
      ingredients: 'Lentils, Onion, Cumin',
      description: 'A warming bowl.',
      price: 12.75,
      distributorName: 'Green Bowl Kitchen',
      distributorEmail: 'orders@greenbowl.test',
      allergens: [],
      dietTags: [],
    });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
  });

  it('asks for an image URL and says why when no image host is configured', () => {
    renderForm(null);
    expect(screen.getByText(/image upload is not set up/i)).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload an image')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toBeInTheDocument();
  });
});

describe('MealForm image upload', () => {
  it('uploads the chosen file as the multipart field "image" and uses the returned URL', async () => {
    let received: Blob | null = null;
    server.use(
      http.post('https://images.example.test/1/upload', async ({ request }) => {
        expect(new URL(request.url).searchParams.get('key')).toBe('demo-key');
        received = (await request.formData()).get('image') as Blob | null;
        return HttpResponse.json({ data: { url: 'https://i.example.test/soup.png' }, success: true, status: 200 });
      }),
    );
    const { onSubmit, user } = renderForm(imageHost);
    await fillValidMeal(user, { withImage: false });
    const photo = new File(['fake png bytes'], 'soup.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload an image'), photo);

    await waitFor(() => expect(screen.getByLabelText(/image url/i)).toHaveValue('https://i.example.test/soup.png'));
    expect(received).not.toBeNull();
    expect(received!.type).toBe('image/png');
    expect(await received!.text()).toBe('fake png bytes');

    await user.click(screen.getByRole('button', { name: 'Add Meal' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].image).toBe('https://i.example.test/soup.png');
  });

  it('shows the upload progress and keeps the form from being sent meanwhile', async () => {
    server.use(
      http.post('https://images.example.test/1/upload', async () => {
        await delay(300);
        return HttpResponse.json({ data: { url: 'https://i.example.test/slow.png' } });
      }),
    );
    const { user } = renderForm(imageHost);
    await user.upload(screen.getByLabelText('Upload an image'), new File(['x'], 'slow.png', { type: 'image/png' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getByText(/Uploading… \d+%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Meal' })).toBeDisabled();

    await waitFor(() => expect(screen.getByLabelText(/image url/i)).toHaveValue('https://i.example.test/slow.png'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Meal' })).toBeEnabled();
  });

  it('rejects a file that is not an image without calling the host', async () => {
    const { user } = renderForm(imageHost);
    const notAnImage = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    // The file input's accept filter is advisory: a user can still pick any file.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Upload an image'), notAnImage);

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an image file (JPEG, PNG, GIF or WebP).');
    expect(screen.getByLabelText(/image url/i)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Add Meal' }));
    expect(await screen.findByText('Image is required')).toBeInTheDocument();
  });

  it('rejects an image over 5 MB without calling the host', async () => {
    const { user } = renderForm(imageHost);
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload an image'), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is larger than 5 MB. Choose a smaller one.');
  });

  it("shows the image host's refusal", async () => {
    server.use(
      http.post('https://images.example.test/1/upload', () =>
        HttpResponse.json({ error: { message: 'Invalid API key' }, success: false, status: 400 }, { status: 400 }),
      ),
    );
    const { user } = renderForm(imageHost);
    await user.upload(screen.getByLabelText('Upload an image'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid API key');
    expect(screen.getByLabelText(/image url/i)).toHaveValue('');
  });

  describe('allergens', () => {
    async function fillAllButAllergens(user: ReturnType<typeof userEvent.setup>) {
      await fillValidMeal(user);
      // fillValidMeal declares "none"; take that back to leave the meal undeclared.
      await user.click(screen.getByLabelText('Contains none of the 14'));
    }

    it('does not submit until the allergens are declared', async () => {
      const { onSubmit, user } = renderForm();
      await fillAllButAllergens(user);
      await user.click(screen.getByRole('button', { name: 'Add Meal' }));
      expect(await screen.findByText(/Declare the allergens/)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();

      await user.click(screen.getByLabelText('Peanuts'));
      await user.click(screen.getByLabelText('Sesame'));
      await user.click(screen.getByRole('button', { name: 'Add Meal' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ allergens: ['peanuts', 'sesame'], dietTags: [] });
    });

    it('sends an empty list only when "Contains none of the 14" is ticked, which clears the ticks', async () => {
      const { onSubmit, user } = renderForm();
      await fillAllButAllergens(user);
      await user.click(screen.getByLabelText('Milk'));
      await user.click(screen.getByLabelText('Contains none of the 14'));
      expect(screen.getByLabelText('Milk')).not.toBeChecked();
      await user.click(screen.getByLabelText('Vegan'));
      await user.click(screen.getByRole('button', { name: 'Add Meal' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ allergens: [], dietTags: ['vegan'] });
    });

    it('refuses a vegan meal with milk, with the reason', async () => {
      const { onSubmit, user } = renderForm();
      await fillAllButAllergens(user);
      await user.click(screen.getByLabelText('Milk'));
      await user.click(screen.getByLabelText('Vegan'));
      await user.click(screen.getByRole('button', { name: 'Add Meal' }));
      expect(await screen.findByText('A vegan meal cannot contain milk')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });
});
