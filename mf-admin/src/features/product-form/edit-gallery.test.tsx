import type { Product } from '@store/contract';
import { apiClient } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets, httpError } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS, product, productPage } from '../../testing/fixtures';
import { EditProductDialog } from './edit-product-dialog';

// Its slugs match the options Icons (c2) and Bundle (t1); its page lists two previews.
const NEON: Product = product({ category: 'icons', slug: 'neon-brushes' });
const PAGE = '/products/by-slug/neon-brushes';
const KEPT = ['/api/previews/a1', '/api/previews/b2'];

const image = (name: string) => new File([name], name, { type: 'image/png' });
const dataUrl = (name: string) => `data:image/png;base64,${Buffer.from(name).toString('base64')}`;

function answer(page: unknown = productPage({ preview_images: KEPT })) {
  return jest.spyOn(apiClient, 'get').mockImplementation(
    answerGets({
      '/dropdown/all': DROPDOWNS,
      '/products/p1/buyers': { buyers: 0 },
      [PAGE]: page,
    }),
  );
}

/** The dialog, its selects filled; `put` holds the save so its body can be read. */
async function renderDialog(edited: Product = NEON) {
  const user = userEvent.setup();
  const put = jest.spyOn(apiClient, 'put').mockReturnValue(new Promise(() => undefined));
  renderWithProviders(<EditProductDialog product={edited} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: `Edit ${edited.name}` });
  await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('c2'));
  const gallery = within(dialog).getByRole('group', { name: 'Preview Images' });
  const save = async () => {
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    return put.mock.calls[0]![1] as Record<string, unknown>;
  };
  return { user, put, dialog, gallery, save };
}

const shown = (gallery: HTMLElement) =>
  within(gallery)
    .queryAllByRole('img')
    .map((img) => img.getAttribute('src'));
const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => jest.restoreAllMocks());

describe('The edit dialog gallery', () => {
  it("shows the product page's previews in order and leaves previewImages out when they stay", async () => {
    const get = answer();
    const { user, gallery, save } = await renderDialog();
    await within(gallery).findByRole('img', { name: 'Current image 2' });
    expect(get).toHaveBeenCalledWith(PAGE, expect.anything());
    expect(shown(gallery)).toEqual(KEPT);
    expect(within(gallery).getAllByRole('listitem')[0]).toHaveTextContent('Card image');

    // Moved and moved back: the gallery is as it was.
    await user.click(button('Move image 2 up'));
    expect(shown(gallery)).toEqual([KEPT[1], KEPT[0]]);
    await user.click(button('Move image 1 down'));
    expect(shown(gallery)).toEqual(KEPT);

    const body = await save();
    expect(body).not.toHaveProperty('previewImages');
    expect(body).not.toHaveProperty('previewImage');
  });

  it('sends a reordered gallery as its kept URLs in the new order', async () => {
    answer();
    const { user, gallery, save } = await renderDialog();
    await within(gallery).findByRole('img', { name: 'Current image 2' });
    await user.click(button('Move image 2 up'));

    expect((await save()).previewImages).toEqual([KEPT[1], KEPT[0]]);
  });

  it('sends the whole gallery: kept images as their URLs, new ones as data URLs, in order', async () => {
    answer();
    const { user, gallery, save } = await renderDialog();
    const input = within(gallery).getByLabelText('Add Preview Images');
    await within(gallery).findByRole('img', { name: 'Current image 2' });

    await user.click(button('Remove image 1'));
    await user.upload(input, [image('x.png'), image('y.png')]);
    await within(gallery).findByRole('img', { name: 'Preview of y.png' });
    await user.click(button('Move image 2 up'));
    expect(within(gallery).getByText('3 of 8 images')).toBeVisible();

    expect((await save()).previewImages).toEqual([dataUrl('x.png'), KEPT[1], dataUrl('y.png')]);
  });

  it('takes a full gallery of 8 as it is, with room for none', async () => {
    const eight = Array.from({ length: 8 }, (_, at) => `/api/previews/i${at}`);
    answer(productPage({ preview_images: eight }));
    const { gallery } = await renderDialog();
    await within(gallery).findByRole('img', { name: 'Current image 8' });
    expect(within(gallery).getByLabelText('Add Preview Images')).toBeDisabled();
    expect(within(gallery).getByText('8 of 8 images: remove one to add another')).toBeVisible();
  });

  it('asks for an image when every one is removed, and sends nothing', async () => {
    answer();
    const { user, put, dialog, gallery } = await renderDialog();
    await within(gallery).findByRole('img', { name: 'Current image 2' });
    await user.click(button('Remove image 1'));
    await user.click(button('Remove image 1'));
    expect(shown(gallery)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(gallery).getByText('Preview image is required')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('says the gallery loads, its input waiting; a save meanwhile keeps the gallery', async () => {
    const page = deferred<unknown>();
    answer(() => page.promise);
    const { gallery, save } = await renderDialog();
    expect(within(gallery).getByRole('status')).toHaveTextContent('Loading preview images...');
    expect(within(gallery).getByLabelText('Add Preview Images')).toBeDisabled();

    expect(await save()).not.toHaveProperty('previewImages');
    act(() => page.resolve(productPage({ preview_images: KEPT })));
    await within(gallery).findByRole('img', { name: 'Current image 2' });
  });

  it('says the gallery could not be loaded, with a Retry', async () => {
    const get = answer(httpError(500));
    const { user, gallery } = await renderDialog();
    expect(await within(gallery).findByRole('alert')).toHaveTextContent(
      'Could not load the preview images',
    );
    expect(within(gallery).getByLabelText('Add Preview Images')).toBeDisabled();

    get.mockImplementation(answerGets({ [PAGE]: productPage({ preview_images: KEPT }) }));
    await user.click(within(gallery).getByRole('button', { name: 'Retry' }));
    await within(gallery).findByRole('img', { name: 'Current image 2' });
    expect(within(gallery).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(gallery).getByLabelText('Add Preview Images')).toBeEnabled();
  });
});
