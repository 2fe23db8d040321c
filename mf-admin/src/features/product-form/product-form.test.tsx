import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { holdApiCalls } from '@store/shared/testing/held-api-calls';
import { apiClient, notify, type ApiResponse } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS, product } from '../../testing/fixtures';
import { selectProductsView, type ProductsView } from '../../common/products-view-slice';
import { FIRST_PAGE } from '@store/shared';
import { CreateProductForm } from './create-product-form';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

beforeEach(() => {
  jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/dropdown/all': DROPDOWNS }));
});
afterEach(() => jest.restoreAllMocks());

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Neon Brushes');
  await user.type(screen.getByLabelText('Description'), 'Forty brushes');
  await user.type(screen.getByLabelText('Price'), '19.99');
  await screen.findByRole('option', { name: 'Icons' });
  await user.selectOptions(screen.getByLabelText('Category'), 'c2');
  await user.selectOptions(screen.getByLabelText('Asset Type'), 't1');
  await user.upload(screen.getByLabelText('Add Preview Images'), png());
  await screen.findByRole('img', { name: 'Preview of cover.png' });
}

describe('CreateProductForm', () => {
  it('lists categories and asset types from /dropdown/all', async () => {
    renderWithProviders(<CreateProductForm />);
    expect(await screen.findByRole('option', { name: 'Brushes' })).toHaveValue('c1');
    expect(screen.getByRole('option', { name: 'Single File' })).toHaveValue('t2');
    expect(screen.getByLabelText('Price')).toHaveAttribute('step', '0.01');
    const images = screen.getByLabelText('Add Preview Images');
    expect(images).toHaveAttribute('accept', 'image/*');
    expect(images).toHaveAttribute('multiple');
  });

  it('marks the selects busy while the options are held', async () => {
    let answer: (value: ApiResponse) => void = () => undefined;
    jest
      .spyOn(apiClient, 'get')
      .mockReturnValue(new Promise<ApiResponse>((resolve) => (answer = resolve)));
    renderWithProviders(<CreateProductForm />);

    const category = screen.getByLabelText('Category');
    expect(category).toHaveAttribute('aria-busy', 'true');
    expect(category).toHaveDisplayValue('Loading...');
    answer({ data: DROPDOWNS, status: 200 });
    expect(await screen.findByRole('option', { name: 'Brushes' })).toBeInTheDocument();
    expect(category).toHaveAttribute('aria-busy', 'false');
    expect(category).toHaveDisplayValue('Select a category');
  });

  it('shows a failure with a Retry when the options cannot be loaded', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest
      .spyOn(apiClient, 'get')
      .mockImplementationOnce(answerGets({ '/dropdown/all': httpError(500) }))
      .mockImplementation(answerGets({ '/dropdown/all': DROPDOWNS }));
    renderWithProviders(<CreateProductForm />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch categories');
    expect(error).toHaveBeenCalledWith('Failed to fetch categories');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'Icons' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('flags every required field and sends nothing', async () => {
    const post = jest.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    for (const text of [
      'Name is required',
      'Description is required',
      'Price is required',
      'Category is required',
      'Asset type is required',
      'Preview image is required',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(post).not.toHaveBeenCalled();
  });

  it('rejects a price with more than 2 decimals', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);
    await user.type(screen.getByLabelText('Price'), '1.999');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Price can have at most 2 decimals')).toBeInTheDocument();
  });

  it('refuses a preview that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CreateProductForm />);
    const input = screen.getByLabelText<HTMLInputElement>('Add Preview Images');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(
      await screen.findByText('Preview must be an image file (PNG, JPEG, GIF, WebP...)'),
    ).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the original asset name and size in MB', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);
    const bytes = new Uint8Array(Math.round(2.5 * 1024 * 1024));
    await user.upload(
      screen.getByLabelText('Original Asset (optional)'),
      new File([bytes], 'pack.zip'),
    );
    expect(await screen.findByTestId('asset-summary')).toHaveTextContent('pack.zip (2.50 MB)');
  });

  it('posts the product with a numeric price, shows progress, then resets and points the table at it', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const held = holdApiCalls();
    const user = userEvent.setup();
    // The table was left on page 3 of a search sorted by name, 25 a page.
    const second = { cursor: 'c2', offset: 25, previous: FIRST_PAGE };
    const adminProductsView: ProductsView = {
      query: { q: 'glyph', sort: 'name', limit: '25' },
      page: { cursor: 'c3', offset: 50, previous: second },
    };
    const { store } = renderWithProviders(<CreateProductForm />, {
      preloadedState: { adminProductsView },
    });

    await fillValidForm(user);
    await user.upload(
      screen.getByLabelText('Original Asset (optional)'),
      new File(['zip'], 'pack.zip'),
    );
    await screen.findByTestId('asset-summary');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(held.calls).toHaveLength(1));
    const [call] = held.calls;
    expect(call!.config).toMatchObject({ method: 'post', url: '/products' });
    const body = call!.json();
    expect(body).toEqual({
      name: 'Neon Brushes',
      description: 'Forty brushes',
      price: 19.99,
      pricing: 'fixed',
      categoryId: 'c2',
      assetTypeId: 't1',
      previewImages: [expect.stringMatching(/^data:image\/png;base64,/)],
      originalAsset: expect.stringMatching(/^data:/),
      fileName: 'pack.zip',
      fileSize: 3,
    });
    expect(typeof (body as { price: unknown }).price).toBe('number');
    act(() => call!.progress(40, 100));
    expect(await screen.findByRole('button', { name: 'Uploading... 40%' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '40',
    );

    act(() => call!.answer(201, product({ id: 'new', name: 'Neon Brushes' })));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Product created successfully!'));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTestId('asset-summary')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
    // The Products tab opens next on the first page of the newest products, where the new one is.
    expect(selectProductsView(store.getState())).toEqual({
      query: { q: '', sort: 'newest', limit: '25' },
      page: FIRST_PAGE,
    });
  });

  it('says the product is being saved once every byte is sent', async () => {
    const held = holdApiCalls();
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(held.calls).toHaveLength(1));
    act(() => held.calls[0]!.progress(100, 100));

    expect(await screen.findByRole('button', { name: 'Saving product...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '100',
    );
  });

  it('toasts the server message and keeps the form when creation fails', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'post').mockRejectedValue(httpError(413, 'Preview image is too large'));
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Preview image is too large'));
    expect(screen.getByLabelText('Name')).toHaveValue('Neon Brushes');
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('falls back to the catalogue text without a server message', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    jest.spyOn(apiClient, 'post').mockRejectedValue(httpError(500));
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to create product'));
  });
});
