import type { Product, ProductPage } from '@store/contract';
import { apiClient, FIRST_PAGE, makeStore, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminProductsApi } from '../../common/products-api';
import { DEFAULT_QUERY } from '../../common/products-view-slice';
import { localInputOf } from '../../common/local-time';
import { DROPDOWNS, product, productPage } from '../../testing/fixtures';
import { EditProductDialog } from './edit-product-dialog';

const SALE_ENDS = '2099-06-01T10:30:15.000Z';
// On sale: $20 down to $14.50 until June 2099; its slugs match Icons (c2) and Bundle (t1).
const ON_SALE: Product = product({
  id: 'p1',
  price: 20,
  sale_price: 14.5,
  sale_ends_at: SALE_ENDS,
  category: 'icons',
  asset_type: 'bundle',
});
const BUNDLE: Product = product({
  id: 'p9',
  slug: 'starter',
  name: 'Starter',
  price: 30,
  is_bundle: true,
  category: 'icons',
  asset_type: 'bundle',
});
const STARTER_PAGE: ProductPage = productPage({
  id: 'p9',
  slug: 'starter',
  name: 'Starter',
  bundle_items: [
    { id: 'p2', slug: 'pixel-icons', name: 'Pixel Icons', price: 5 },
    { id: 'p3', slug: 'glyphs', name: 'Glyphs', price: 7 },
    { id: 'p4', slug: 'neon', name: 'Neon', price: 9 },
  ],
});

function answerGetsFor(pages: Record<string, unknown>) {
  return jest.spyOn(apiClient, 'get').mockImplementation(
    answerGets({
      '/dropdown/all': DROPDOWNS,
      '/products/p1/buyers': { buyers: 0 },
      '/products/p9/buyers': { buyers: 0 },
      '/products/by-slug/neon-brushes': productPage(),
      '/products': { products: [product({ id: 'p5', name: 'Pens' })], nextCursor: null },
      ...pages,
    }),
  );
}

function renderDialog(edited: Product) {
  const user = userEvent.setup();
  const onClose = jest.fn();
  const store = makeStore();
  void store.dispatch(
    adminProductsApi.util.upsertQueryData('adminProducts', DEFAULT_QUERY, {
      pages: [{ items: [edited], nextCursor: null }],
      pageParams: [FIRST_PAGE],
    }),
  );
  renderWithProviders(<EditProductDialog product={edited} onClose={onClose} />, { store });
  const dialog = screen.getByRole('dialog', { name: `Edit ${edited.name}` });
  return { user, onClose, dialog };
}

const field = (label: string) => screen.getByLabelText(label);

afterEach(() => jest.restoreAllMocks());

describe('Editing a product: pricing', () => {
  it('opens with its sale, and sends no pricing field the admin left alone', async () => {
    answerGetsFor({});
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(ON_SALE);
    expect(field('Price')).toHaveValue(20);
    expect(field('Sale price')).toHaveValue(14.5);
    expect(field('Sale ends')).toHaveValue(localInputOf(SALE_ENDS));
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const body = held.calls[0]!.json() as Record<string, unknown>;
    for (const name of ['pricing', 'salePrice', 'saleEndsAt', 'suggestedPrice', 'bundleItems'])
      expect(body).not.toHaveProperty(name);
  });

  it('ends the sale with nulls, never by leaving it out', async () => {
    answerGetsFor({});
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(ON_SALE);
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('button', { name: 'End sale' }));
    expect(within(dialog).queryByRole('button', { name: 'End sale' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({ salePrice: null, saleEndsAt: null });
  });

  it('sends a changed sale price alone, and a changed end as an instant', async () => {
    answerGetsFor({});
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(ON_SALE);
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.clear(field('Sale price'));
    await user.type(field('Sale price'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const body = held.calls[0]!.json() as Record<string, unknown>;
    expect(body).toMatchObject({ salePrice: 12 });
    expect(body).not.toHaveProperty('saleEndsAt');
  });

  it('turns pay what you want: the sale goes as null, the minimum and suggestion are sent', async () => {
    answerGetsFor({});
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(ON_SALE);
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('radio', { name: 'Pay what you want' }));
    await user.clear(field('Minimum price'));
    await user.type(field('Minimum price'), '0');
    await user.type(field('Suggested price'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({
      price: 0,
      pricing: 'pay_what_you_want',
      salePrice: null,
      saleEndsAt: null,
      suggestedPrice: 8,
    });
  });

  it("shows the api's field errors of an edit on their fields", async () => {
    answerGetsFor({});
    jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'put').mockRejectedValue(
      httpError(400, {
        message: 'Suggested price must be at least the minimum',
        fields: { suggestedPrice: 'Suggested price must be at least the minimum' },
      }),
    );
    const pwyw = product({
      id: 'p1',
      pricing: 'pay_what_you_want',
      price: 2,
      suggested_price: 6,
      category: 'icons',
      asset_type: 'bundle',
    });
    const { user, dialog } = renderDialog(pwyw);
    expect(field('Minimum price')).toHaveValue(2);
    expect(field('Suggested price')).toHaveValue(6);
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field('Suggested price')).toHaveAccessibleDescription(
        'Shown first; empty: none Suggested price must be at least the minimum',
      ),
    );
  });
});

describe('Editing a bundle', () => {
  it('loads its products in order, and sends the list only once it changed', async () => {
    const get = answerGetsFor({ '/products/by-slug/starter': STARTER_PAGE });
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(BUNDLE);
    const bundle = await within(dialog).findByRole('group', { name: 'Bundle' });
    const chosen = within(bundle).getByRole('list', { name: 'Chosen products' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['1.Pixel Icons×', '2.Glyphs×', '3.Neon×']);
    expect(get.mock.calls.filter(([url]) => url === '/products/by-slug/starter')).toHaveLength(2);
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(chosen).getByRole('button', { name: 'Remove Glyphs' }));
    await user.type(within(bundle).getByLabelText('Find products'), 'pe{Enter}');
    const matches = await within(bundle).findByRole('list', { name: 'Matching products' });
    await user.click(within(matches).getByRole('button', { name: 'Add Pens' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({ bundleItems: ['p2', 'p4', 'p5'] });
  });

  it('refuses itself as an item, and leaves the bundle as it is when untouched', async () => {
    answerGetsFor({
      '/products/by-slug/starter': STARTER_PAGE,
      '/products': { products: [BUNDLE], nextCursor: null },
    });
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(BUNDLE);
    const bundle = await within(dialog).findByRole('group', { name: 'Bundle' });
    await user.type(within(bundle).getByLabelText('Find products'), 'star{Enter}');
    const matches = await within(bundle).findByRole('list', { name: 'Matching products' });
    expect(matches).toHaveTextContent('A bundle cannot contain itself');
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).not.toHaveProperty('bundleItems');
  });

  it('says when its products cannot be loaded, and keeps them on a save meanwhile', async () => {
    answerGetsFor({ '/products/by-slug/starter': httpError(500) });
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog } = renderDialog(BUNDLE);
    expect(await within(dialog).findByText("Could not load the bundle's products")).toBeVisible();
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).not.toHaveProperty('bundleItems');
  });

  it('loads its products again on Retry', async () => {
    const get = answerGetsFor({ '/products/by-slug/starter': httpError(500) });
    const { user, dialog } = renderDialog(BUNDLE);
    const failure = await within(dialog).findByText("Could not load the bundle's products");
    get.mockImplementation(
      answerGets({
        '/dropdown/all': DROPDOWNS,
        '/products/p9/buyers': { buyers: 0 },
        '/products/by-slug/starter': STARTER_PAGE,
      }),
    );
    await user.click(
      within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Retry',
      }),
    );
    const bundle = await within(dialog).findByRole('group', { name: 'Bundle' });
    expect(within(bundle).getAllByRole('listitem')).toHaveLength(3);
  });
});
