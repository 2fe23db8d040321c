import type { Product } from '@store/contract';
import { apiClient, FIRST_PAGE, makeStore, notify } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminProductsApi } from '../../common/products-api';
import { DEFAULT_QUERY } from '../../common/products-view-slice';
import { DROPDOWNS, product, productPage } from '../../testing/fixtures';
import { EditProductDialog } from './edit-product-dialog';

// Its slugs match the options Icons (c2) and Bundle (t1).
const NEON: Product = product({
  id: 'p1',
  name: 'Neon Brushes',
  description: 'Forty brushes',
  price: 19.9,
  category: 'icons',
  category_display_name: 'Icons',
  asset_type: 'bundle',
  file_name: 'pack.zip',
  file_size: Math.round(2.5 * 1024 * 1024),
});
const BUYERS = '/products/p1/buyers';
const PAGE = '/products/by-slug/neon-brushes';
const page = productPage({ preview_images: ['/api/previews/a1', '/api/previews/b2'] });

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
const zip = () => new File(['zip!'], 'pack-v2.zip', { type: 'application/zip' });

function answerOptionsAndBuyers(buyers: unknown = { buyers: 12 }) {
  return jest
    .spyOn(apiClient, 'get')
    .mockImplementation(answerGets({ '/dropdown/all': DROPDOWNS, [BUYERS]: buyers, [PAGE]: page }));
}

function renderDialog(edited: Product = NEON) {
  const user = userEvent.setup();
  const onClose = jest.fn();
  // The table shows the product, as when its Edit was pressed.
  const store = makeStore();
  const items = [edited, product({ id: 'p2', name: 'Pixel Icons' })];
  void store.dispatch(
    adminProductsApi.util.upsertQueryData('adminProducts', DEFAULT_QUERY, {
      pages: [{ items, nextCursor: null }],
      pageParams: [FIRST_PAGE],
    }),
  );
  // Read, as by the table behind the dialog, so the page stays in the cache.
  store.dispatch(adminProductsApi.endpoints.adminProducts.initiate(DEFAULT_QUERY));
  const rendered = renderWithProviders(<EditProductDialog product={edited} onClose={onClose} />, {
    store,
  });
  const dialog = screen.getByRole('dialog', { name: `Edit ${edited.name}` });
  return { user, onClose, dialog, ...rendered };
}

const field = (label: string) => screen.getByLabelText(label);

afterEach(() => jest.restoreAllMocks());

describe('EditProductDialog', () => {
  it('opens the form filled with the product: values, selects by slug, preview and file', async () => {
    answerOptionsAndBuyers();
    const { dialog } = renderDialog();

    expect(dialog).toHaveFocus();
    expect(field('Name')).toHaveValue('Neon Brushes');
    expect(field('Description')).toHaveValue('Forty brushes');
    expect(field('Price')).toHaveValue(19.9);
    // The selects wait for the options, then show the product's own.
    await waitFor(() => expect(field('Category')).toHaveDisplayValue('Icons'));
    expect(field('Category')).toHaveValue('c2');
    expect(field('Asset Type')).toHaveDisplayValue('Bundle');
    // The gallery is the product page's, in its order.
    expect(await within(dialog).findByRole('img', { name: 'Current image 1' })).toHaveAttribute(
      'src',
      '/api/previews/a1',
    );
    expect(within(dialog).getByRole('img', { name: 'Current image 2' })).toHaveAttribute(
      'src',
      '/api/previews/b2',
    );
    expect(screen.getByTestId('current-asset')).toHaveTextContent(
      'Current file: pack.zip (2.50 MB)',
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Create New Product' })).not.toBeInTheDocument();
    // The buyers' mail is about a new file: nothing to tell before one is picked.
    expect(screen.queryByRole('checkbox', { name: 'Notify buyers' })).not.toBeInTheDocument();
  });

  it('says when the product has no file, and leaves an unmatched select to the admin', async () => {
    answerOptionsAndBuyers();
    const { user, dialog } = renderDialog(
      product({
        id: 'p1',
        name: 'Loose Sketch',
        asset_type: null,
        file_name: null,
        file_size: null,
      }),
    );
    await waitFor(() => expect(field('Category')).toHaveDisplayValue('Brushes'));
    expect(field('Asset Type')).toHaveValue('');
    expect(screen.getByTestId('current-asset')).toHaveTextContent('No file yet');

    const put = jest.spyOn(apiClient, 'put');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Asset type is required')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('counts the buyers as it opens and offers the mail and a release note with a new file', async () => {
    const get = answerOptionsAndBuyers();
    const { user } = renderDialog();
    await waitFor(() => expect(get).toHaveBeenCalledWith(BUYERS, expect.anything()));

    await user.upload(field('Original Asset (optional)'), zip());
    expect(await screen.findByTestId('asset-summary')).toHaveTextContent('New file: pack-v2.zip');
    const checkbox = screen.getByRole('checkbox', { name: 'Notify buyers' });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleDescription('12 buyers will be told');
    expect(field('Release note (optional)')).toHaveValue('');
    expect(get.mock.calls.filter(([url]) => url === BUYERS)).toHaveLength(1);
  });

  it('says the buyers are being counted, and a failure to count with a Retry', async () => {
    const first = deferred<unknown>();
    const get = answerOptionsAndBuyers(() => first.promise);
    const { user } = renderDialog();
    await user.upload(field('Original Asset (optional)'), zip());
    const checkbox = await screen.findByRole('checkbox', { name: 'Notify buyers' });
    expect(checkbox).toHaveAccessibleDescription('Counting buyers...');

    act(() => first.reject(httpError(500)));
    await waitFor(() => expect(checkbox).toHaveAccessibleDescription('Could not count the buyers'));
    get.mockImplementation(answerGets({ [BUYERS]: { buyers: 1 } }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(checkbox).toHaveAccessibleDescription('1 buyer will be told'));
  });

  it('saves the fields alone when no file is replaced, toasts, updates the row and closes', async () => {
    answerOptionsAndBuyers();
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog, onClose, store } = renderDialog();
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.clear(field('Name'));
    await user.type(field('Name'), 'Neon Brushes II');
    await user.clear(field('Price'));
    await user.type(field('Price'), '24');
    await user.selectOptions(field('Category'), 'Brushes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(held.calls).toHaveLength(1));
    const [call] = held.calls;
    expect(call!.config).toMatchObject({ method: 'put', url: '/products/p1' });
    // No preview, file, note or mail: the current preview and file stay.
    expect(call!.json()).toEqual({
      name: 'Neon Brushes II',
      description: 'Forty brushes',
      price: 24,
      categoryId: 'c1',
      assetTypeId: 't1',
      notifyBuyers: false,
    });
    const saved = { ...NEON, name: 'Neon Brushes II', price: 24, category: 'brushes' };
    act(() => call!.answer(200, saved));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Product updated successfully!');
    const shown = adminProductsApi.endpoints.adminProducts.select(DEFAULT_QUERY)(store.getState());
    expect(shown.data?.pages[0]?.items.map(({ name }) => name)).toEqual([
      'Neon Brushes II',
      'Pixel Icons',
    ]);
  });

  it('sends a new preview and file with the note and the mail, showing the upload as create does', async () => {
    answerOptionsAndBuyers();
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const { user, dialog, onClose } = renderDialog();
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await within(dialog).findByRole('img', { name: 'Current image 2' });
    await user.upload(field('Add Preview Images'), png());
    expect(await within(dialog).findByRole('img', { name: 'Preview of cover.png' })).toBeVisible();
    await user.upload(field('Original Asset (optional)'), zip());
    await user.click(await screen.findByRole('checkbox', { name: 'Notify buyers' }));
    await user.type(field('Release note (optional)'), '  Twenty more brushes.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(held.calls).toHaveLength(1));
    const [call] = held.calls;
    expect(call!.json()).toEqual({
      name: 'Neon Brushes',
      description: 'Forty brushes',
      price: 19.9,
      categoryId: 'c2',
      assetTypeId: 't1',
      previewImages: [
        '/api/previews/a1',
        '/api/previews/b2',
        expect.stringMatching(/^data:image\/png;base64,/),
      ],
      originalAsset: expect.stringMatching(/^data:application\/zip;base64,/),
      fileName: 'pack-v2.zip',
      fileSize: 4,
      releaseNote: 'Twenty more brushes.',
      notifyBuyers: true,
    });

    act(() => call!.progress(40, 100));
    expect(await within(dialog).findByRole('button', { name: 'Uploading... 40%' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '40',
    );
    // Nothing closes the dialog while the save runs.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    act(() => call!.progress(100, 100));
    expect(await within(dialog).findByRole('button', { name: 'Saving product...' })).toBeDisabled();

    act(() => call!.answer(200, { ...NEON, file_name: 'pack-v2.zip', file_size: 4 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('sends no mail for a file picked and then taken back', async () => {
    answerOptionsAndBuyers();
    const put = jest.spyOn(apiClient, 'put').mockReturnValue(new Promise(() => undefined));
    const { user, dialog } = renderDialog();
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));
    const input = field('Original Asset (optional)');
    await user.upload(input, zip());
    await user.click(await screen.findByRole('checkbox', { name: 'Notify buyers' }));
    await user.upload(input, []);
    expect(screen.queryByRole('checkbox', { name: 'Notify buyers' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![1]).toMatchObject({ notifyBuyers: false });
    expect(put.mock.calls[0]![1]).not.toHaveProperty('originalAsset');
  });

  it('toasts the fallback when saving fails and keeps the dialog, ready again', async () => {
    answerOptionsAndBuyers();
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'put').mockRejectedValue(httpError(500));
    const { user, dialog, onClose } = renderDialog();
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update product'));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(field('Name')).toHaveValue('Neon Brushes');
  });

  it("toasts the server's message and marks the field it names", async () => {
    answerOptionsAndBuyers();
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest
      .spyOn(apiClient, 'put')
      .mockRejectedValue(
        httpError(400, { message: 'Price is too high', fields: { price: 'Price is too high' } }),
      );
    const { user, dialog } = renderDialog();
    await waitFor(() => expect(field('Category')).toHaveValue('c2'));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Price is too high'));
    expect(field('Price')).toHaveAccessibleDescription('Price is too high');
  });

  it('checks the fields before sending, as create does', async () => {
    answerOptionsAndBuyers();
    const put = jest.spyOn(apiClient, 'put');
    const { user, dialog } = renderDialog();
    await user.clear(field('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(put).not.toHaveBeenCalled();
  });

  it('leaves without saving on Cancel', async () => {
    answerOptionsAndBuyers();
    const put = jest.spyOn(apiClient, 'put');
    const { user, dialog, onClose } = renderDialog();
    await user.type(field('Name'), ' changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(put).not.toHaveBeenCalled();
  });
});
