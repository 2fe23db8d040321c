import type { Product, ProductsPage } from '@store/contract';
import { apiClient, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS, product } from '../../testing/fixtures';
import { CreateProductForm } from './create-product-form';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

const PIXEL = product({ id: 'p2', slug: 'pixel-icons', name: 'Pixel Icons' });
const GLYPHS = product({ id: 'p3', slug: 'glyphs', name: 'Glyphs' });
const STARTER = product({ id: 'p4', slug: 'starter', name: 'Starter Pack', is_bundle: true });
const found = (products: Product[]): ProductsPage => ({ products, nextCursor: null });

function answerForm(products: Product[] = [PIXEL, GLYPHS, STARTER]) {
  return jest
    .spyOn(apiClient, 'get')
    .mockImplementation(answerGets({ '/dropdown/all': DROPDOWNS, '/products': found(products) }));
}

afterEach(() => jest.restoreAllMocks());

function renderForm() {
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<CreateProductForm />) };
}

/** Everything but the pricing. */
async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Neon Brushes');
  await user.type(screen.getByLabelText('Description'), 'Forty brushes');
  await screen.findByRole('option', { name: 'Icons' });
  await user.selectOptions(screen.getByLabelText('Category'), 'c2');
  await user.selectOptions(screen.getByLabelText('Asset Type'), 't1');
  await user.upload(screen.getByLabelText('Add Preview Images'), png());
  await screen.findByRole('img', { name: 'Preview of cover.png' });
}

const pricing = () => screen.getByRole('group', { name: 'Pricing' });

describe('The product form: pricing', () => {
  it('is a fixed price by default, with a sale price and its end', async () => {
    answerForm();
    renderForm();
    expect(within(pricing()).getByRole('radio', { name: 'Fixed price' })).toBeChecked();
    expect(screen.getByLabelText('Price')).toHaveAttribute('min', '0.01');
    expect(screen.getByLabelText('Sale price')).toHaveAccessibleDescription(
      'Below the price; empty: no sale',
    );
    expect(screen.getByLabelText('Sale ends')).toHaveAttribute('type', 'datetime-local');
    expect(screen.queryByLabelText('Suggested price')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End sale' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Icons' });
  });

  it('asks pay what you want for a minimum (0 allowed) and a suggested price, and posts them', async () => {
    answerForm();
    const held = holdApiCalls();
    const { user } = renderForm();
    await fillTheRest(user);

    await user.click(screen.getByRole('radio', { name: 'Pay what you want' }));
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Sale price')).not.toBeInTheDocument();
    const minimum = screen.getByLabelText('Minimum price');
    expect(minimum).toHaveAttribute('min', '0');
    await user.type(minimum, '0');
    await user.type(screen.getByLabelText('Suggested price'), '5');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({
      price: 0,
      pricing: 'pay_what_you_want',
      suggestedPrice: 5,
    });
    expect(held.calls[0]!.json()).not.toHaveProperty('salePrice');
    expect(held.calls[0]!.json()).not.toHaveProperty('bundleItems');
  });

  it('checks a suggested price against the minimum, and a fixed price of 0, as the api does', async () => {
    answerForm();
    const post = jest.spyOn(apiClient, 'post');
    const { user } = renderForm();
    await fillTheRest(user);
    await user.type(screen.getByLabelText('Price'), '0');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      'Price must be greater than 0',
    );

    await user.click(screen.getByRole('radio', { name: 'Pay what you want' }));
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '4');
    await user.type(screen.getByLabelText('Suggested price'), '3.5');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByLabelText('Suggested price')).toHaveAccessibleDescription(
      'Shown first; empty: none Suggested price must be at least the minimum',
    );
    expect(screen.getByLabelText('Minimum price')).not.toHaveAttribute('aria-invalid');
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a sale price not below the price and an end already past', async () => {
    answerForm();
    const post = jest.spyOn(apiClient, 'post');
    const { user } = renderForm();
    await fillTheRest(user);
    await user.type(screen.getByLabelText('Price'), '20');
    await user.type(screen.getByLabelText('Sale price'), '20');
    fireEvent.change(screen.getByLabelText('Sale ends'), { target: { value: '2001-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(screen.getByLabelText('Sale price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Sale price must be below the price')).toBeInTheDocument();
    expect(screen.getByText('Sale end must be in the future')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Sale price')).toHaveFocus());
    expect(post).not.toHaveBeenCalled();
  });

  it('posts a sale with its end as an instant, and clears it all with End sale', async () => {
    answerForm();
    const held = holdApiCalls();
    const { user } = renderForm();
    await fillTheRest(user);
    await user.type(screen.getByLabelText('Price'), '20');
    await user.type(screen.getByLabelText('Sale price'), '14.5');
    fireEvent.change(screen.getByLabelText('Sale ends'), { target: { value: '2099-06-01T10:30' } });

    await user.click(screen.getByRole('button', { name: 'End sale' }));
    expect(screen.getByLabelText('Sale price')).toHaveValue(null);
    expect(screen.getByLabelText('Sale ends')).toHaveValue('');

    await user.type(screen.getByLabelText('Sale price'), '14.5');
    fireEvent.change(screen.getByLabelText('Sale ends'), { target: { value: '2099-06-01T10:30' } });
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({
      price: 20,
      pricing: 'fixed',
      salePrice: 14.5,
      saleEndsAt: new Date('2099-06-01T10:30').toISOString(),
    });
  });

  it('says a sale end needs a sale price', async () => {
    answerForm();
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Price'), '20');
    fireEvent.change(screen.getByLabelText('Sale ends'), { target: { value: '2099-06-01T10:30' } });
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByLabelText('Sale ends')).toHaveAccessibleDescription(
      'Your local time; empty: until removed Sale end needs a sale price',
    );
  });
});

describe('The product form: bundle', () => {
  async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
    const bundle = screen.getByRole('group', { name: 'Bundle' });
    await user.type(within(bundle).getByLabelText('Find products'), `${text}{Enter}`);
    return within(bundle).findByRole('list', { name: 'Matching products' });
  }

  it('picks products found by name, in order, but no bundle, and posts their ids', async () => {
    const get = answerForm();
    const held = holdApiCalls();
    const { user } = renderForm();
    const bundle = screen.getByRole('group', { name: 'Bundle' });
    expect(within(bundle).getByLabelText('Find products')).toHaveAccessibleDescription(
      'Not a bundle: add 2 to 50 products to sell them together',
    );

    const matches = await search(user, 'p');
    const searched = get.mock.calls.find(([url]) => url === '/products');
    expect(searched?.[1]).toMatchObject({ params: { q: 'p', sort: 'name', limit: '10' } });
    const starter = within(matches).getByText('Starter Pack').closest('li')!;
    expect(within(starter).queryByRole('button')).not.toBeInTheDocument();
    expect(starter).toHaveTextContent('A bundle cannot contain a bundle');

    await user.click(within(matches).getByRole('button', { name: 'Add Glyphs' }));
    await user.click(within(matches).getByRole('button', { name: 'Add Pixel Icons' }));
    const chosen = within(bundle).getByRole('list', { name: 'Chosen products' });
    expect(chosen.tagName).toBe('OL');
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['1.Glyphs×', '2.Pixel Icons×']);
    expect(within(bundle).getByLabelText('Find products')).toHaveAccessibleDescription(
      '2 of 50 products, granted in this order',
    );

    await fillTheRest(user);
    await user.type(screen.getByLabelText('Price'), '30');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({ bundleItems: ['p3', 'p2'] });
  });

  it('needs at least two products, and none makes it no bundle again', async () => {
    answerForm();
    const post = jest.spyOn(apiClient, 'post');
    const { user } = renderForm();
    const matches = await search(user, 'p');
    await user.click(within(matches).getByRole('button', { name: 'Add Glyphs' }));
    await fillTheRest(user);
    await user.type(screen.getByLabelText('Price'), '30');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    const bundle = screen.getByRole('group', { name: 'Bundle' });
    expect(within(bundle).getByText('A bundle holds at least 2 products')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.click(within(bundle).getByRole('button', { name: 'Remove Glyphs' }));
    expect(
      within(bundle).queryByText('A bundle holds at least 2 products'),
    ).not.toBeInTheDocument();
    expect(within(bundle).queryByRole('list', { name: 'Chosen products' })).not.toBeInTheDocument();
  });

  it("shows the api's refusals on their fields", async () => {
    answerForm();
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'post').mockRejectedValue(
      httpError(400, {
        message: 'Glyphs is a bundle: a bundle cannot contain a bundle',
        fields: {
          'bundleItems.0': 'Glyphs is a bundle: a bundle cannot contain a bundle',
          salePrice: 'Sale price must be below the price',
        },
      }),
    );
    const { user } = renderForm();
    const matches = await search(user, 'p');
    await user.click(within(matches).getByRole('button', { name: 'Add Glyphs' }));
    await user.click(within(matches).getByRole('button', { name: 'Add Pixel Icons' }));
    await fillTheRest(user);
    await user.type(screen.getByLabelText('Price'), '30');
    await user.type(screen.getByLabelText('Sale price'), '20');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Glyphs is a bundle: a bundle cannot contain a bundle'),
    );
    const bundle = screen.getByRole('group', { name: 'Bundle' });
    expect(within(bundle).getByLabelText('Find products')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(bundle).getByText('Glyphs is a bundle: a bundle cannot contain a bundle'),
    ).toBeVisible();
    expect(screen.getByLabelText('Sale price')).toHaveAccessibleDescription(
      'Below the price; empty: no sale Sale price must be below the price',
    );
  });
});
