import type { Product } from '@store/contract';
import { apiClient, FIRST_PAGE, makeStore, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminProductsApi } from '../../common/products-api';
import { DEFAULT_QUERY } from '../../common/products-view-slice';
import { DROPDOWNS, product, productPage } from '../../testing/fixtures';
import { CreateProductForm } from './create-product-form';
import { EditProductDialog } from './edit-product-dialog';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

// Its slugs match the options Icons (c2) and Bundle (t1); keys last a year, on 5 devices.
const LICENSED: Product = product({
  id: 'p1',
  category: 'icons',
  asset_type: 'bundle',
  licensed: true,
  activation_limit: 5,
  license_days: 365,
});

function answerGetsOfTheForm() {
  return jest.spyOn(apiClient, 'get').mockImplementation(
    answerGets({
      '/dropdown/all': DROPDOWNS,
      '/products/p1/buyers': { buyers: 0 },
      '/products/by-slug/neon-brushes': productPage(),
    }),
  );
}

afterEach(() => jest.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label);
const licenseGroup = () => screen.getByRole('group', { name: 'License keys' });
const lengthGroup = () => screen.getByRole('group', { name: 'License length' });

/** Everything a new product needs but its license. */
async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Neon Brushes');
  await user.type(field('Description'), 'Forty brushes');
  await user.type(field('Price'), '20');
  await screen.findByRole('option', { name: 'Icons' });
  await user.selectOptions(field('Category'), 'c2');
  await user.selectOptions(field('Asset Type'), 't1');
  await user.upload(field('Add Preview Images'), png());
  await screen.findByRole('img', { name: 'Preview of cover.png' });
}

function renderCreate() {
  answerGetsOfTheForm();
  jest.spyOn(notify, 'success').mockImplementation(() => 0);
  const held = holdApiCalls();
  const user = userEvent.setup();
  renderWithProviders(<CreateProductForm />);
  return { user, held };
}

function renderEdit(edited: Product) {
  answerGetsOfTheForm();
  jest.spyOn(notify, 'success').mockImplementation(() => 0);
  const held = holdApiCalls();
  const user = userEvent.setup();
  const store = makeStore();
  void store.dispatch(
    adminProductsApi.util.upsertQueryData('adminProducts', DEFAULT_QUERY, {
      pages: [{ items: [edited], nextCursor: null }],
      pageParams: [FIRST_PAGE],
    }),
  );
  renderWithProviders(<EditProductDialog product={edited} onClose={jest.fn()} />, { store });
  const dialog = screen.getByRole('dialog', { name: `Edit ${edited.name}` });
  return { user, held, dialog };
}

async function saveEdit(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await waitFor(() => expect(field('Category')).toHaveValue('c2'));
  return user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('The product form: license keys', () => {
  it('issues none by default, and sends no license field for a product without keys', async () => {
    const { user, held } = renderCreate();
    const licensed = within(licenseGroup()).getByRole('checkbox', { name: 'Issue license keys' });
    expect(licensed).not.toBeChecked();
    expect(licensed).toHaveAccessibleDescription(
      'One key per unit bought, shown to its buyer in My Downloads',
    );
    expect(screen.queryByLabelText('Activation limit')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'License length' })).not.toBeInTheDocument();

    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const body = held.calls[0]!.json() as Record<string, unknown>;
    for (const name of ['licensed', 'activationLimit', 'licenseDays'])
      expect(body).not.toHaveProperty(name);
  });

  it('creates a licensed product: 3 devices and perpetual by default, sent as null days', async () => {
    const { user, held } = renderCreate();
    await user.click(screen.getByRole('checkbox', { name: 'Issue license keys' }));
    const limit = field('Activation limit');
    expect(limit).toHaveValue(3);
    expect(limit).toHaveAttribute('min', '1');
    expect(limit).toHaveAttribute('max', '1000');
    expect(limit).toHaveAccessibleDescription('Devices per key at once, 1 to 1000');
    expect(within(lengthGroup()).getByRole('radio', { name: 'Perpetual' })).toBeChecked();
    expect(lengthGroup()).toHaveAccessibleDescription('Keys never expire');
    expect(screen.queryByLabelText('Days')).not.toBeInTheDocument();

    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({
      licensed: true,
      activationLimit: 3,
      licenseDays: null,
    });
    // The form starts again without keys.
    act(() => held.calls[0]!.answer(201, product({ id: 'new', licensed: true })));
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(screen.getByRole('checkbox', { name: 'Issue license keys' })).not.toBeChecked();
  });

  it('checks the limit and the days as the api does, then sends them as numbers', async () => {
    const { user, held } = renderCreate();
    await fillTheRest(user);
    await user.click(screen.getByRole('checkbox', { name: 'Issue license keys' }));
    const limit = field('Activation limit');
    await user.clear(limit);
    await user.type(limit, '1001');
    await user.click(within(lengthGroup()).getByRole('radio', { name: 'A number of days' }));
    expect(lengthGroup()).toHaveAccessibleDescription(
      'Counted from the purchase; expired keys stop validating',
    );
    const days = field('Days');
    expect(days).toHaveValue(null);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(limit).toHaveAccessibleDescription(
      'Devices per key at once, 1 to 1000 Activation limit must be at most 1000',
    );
    expect(days).toHaveAccessibleDescription('1 to 36500 License length is required');
    await waitFor(() => expect(limit).toHaveFocus());

    await user.clear(limit);
    await user.type(limit, '0');
    await user.type(days, '36501');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Activation limit must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('License length must be at most 36500 days')).toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '2.5');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Activation limit must be a whole number')).toBeInTheDocument();
    expect(screen.getByText('License length must be at least 1 day')).toBeInTheDocument();
    expect(held.calls).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '10');
    await user.clear(days);
    await user.type(days, '30');
    expect(limit).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({
      licensed: true,
      activationLimit: 10,
      licenseDays: 30,
    });
  });

  it('neither checks nor sends the settings once keys are turned off again', async () => {
    const { user, held } = renderCreate();
    await fillTheRest(user);
    await user.click(screen.getByRole('checkbox', { name: 'Issue license keys' }));
    await user.clear(field('Activation limit'));
    await user.click(screen.getByRole('checkbox', { name: 'Issue license keys' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).not.toHaveProperty('activationLimit');
  });
});

describe('Editing a product: license keys', () => {
  it('opens with its settings, and sends none the admin left alone', async () => {
    const { user, held, dialog } = renderEdit(LICENSED);
    expect(within(dialog).getByRole('checkbox', { name: 'Issue license keys' })).toBeChecked();
    expect(field('Activation limit')).toHaveValue(5);
    expect(within(lengthGroup()).getByRole('radio', { name: 'A number of days' })).toBeChecked();
    expect(field('Days')).toHaveValue(365);

    await saveEdit(user, dialog);
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const body = held.calls[0]!.json() as Record<string, unknown>;
    for (const name of ['licensed', 'activationLimit', 'licenseDays'])
      expect(body).not.toHaveProperty(name);
  });

  it('makes the keys perpetual with null days, and sends a changed limit alone', async () => {
    const { user, held, dialog } = renderEdit(LICENSED);
    await user.click(within(lengthGroup()).getByRole('radio', { name: 'Perpetual' }));
    expect(screen.queryByLabelText('Days')).not.toBeInTheDocument();
    await user.clear(field('Activation limit'));
    await user.type(field('Activation limit'), '2');
    await saveEdit(user, dialog);
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const body = held.calls[0]!.json() as Record<string, unknown>;
    expect(body).toMatchObject({ activationLimit: 2, licenseDays: null });
    expect(body).not.toHaveProperty('licensed');
  });

  it('turns keys on with every setting, the defaults included', async () => {
    const plain = product({ id: 'p1', category: 'icons', asset_type: 'bundle' });
    const { user, held, dialog } = renderEdit(plain);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Issue license keys' }));
    expect(field('Activation limit')).toHaveValue(3);
    await saveEdit(user, dialog);
    await waitFor(() => expect(held.calls).toHaveLength(1));
    expect(held.calls[0]!.json()).toMatchObject({
      licensed: true,
      activationLimit: 3,
      licenseDays: null,
    });
  });

  it('turns keys off with licensed false alone', async () => {
    const { user, held, dialog } = renderEdit(LICENSED);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Issue license keys' }));
    expect(screen.queryByLabelText('Activation limit')).not.toBeInTheDocument();
    await saveEdit(user, dialog);
    await waitFor(() => expect(held.calls).toHaveLength(1));
    const body = held.calls[0]!.json() as Record<string, unknown>;
    expect(body).toMatchObject({ licensed: false });
    expect(body).not.toHaveProperty('activationLimit');
    expect(body).not.toHaveProperty('licenseDays');
  });

  it("shows the api's refusal of a setting on its field", async () => {
    answerGetsOfTheForm();
    jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'put').mockRejectedValue(
      httpError(400, {
        message: 'Activation limit must be at most 1000',
        fields: { activationLimit: 'Activation limit must be at most 1000' },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<EditProductDialog product={LICENSED} onClose={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: `Edit ${LICENSED.name}` });
    await saveEdit(user, dialog);
    await waitFor(() =>
      expect(field('Activation limit')).toHaveAccessibleDescription(
        'Devices per key at once, 1 to 1000 Activation limit must be at most 1000',
      ),
    );
  });
});
