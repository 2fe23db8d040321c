import { apiClient } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets } from '@store/shared/testing/api-answers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS } from '../../testing/fixtures';
import { CreateProductForm } from './create-product-form';

/** An image file whose bytes are its own name, so each one's data URL is its own. */
const image = (name: string) => new File([name], name, { type: 'image/png' });
const dataUrl = (name: string) => `data:image/png;base64,${Buffer.from(name).toString('base64')}`;
const images = (count: number, from = 1) =>
  Array.from({ length: count }, (_, at) => image(`shot-${from + at}.png`));

beforeEach(() => {
  jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/dropdown/all': DROPDOWNS }));
});
afterEach(() => jest.restoreAllMocks());

/** The form with its options loaded, so that nothing arrives after a test ends. */
async function renderForm() {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<CreateProductForm />);
  await screen.findByRole('option', { name: 'Icons' });
  const gallery = screen.getByRole('group', { name: 'Preview Images' });
  const input = within(gallery).getByLabelText<HTMLInputElement>('Add Preview Images');
  return { user, gallery, input };
}

/** The thumbnails' names in display order. */
const shown = (gallery: HTMLElement) =>
  within(gallery)
    .queryAllByRole('img')
    .map((img) => img.getAttribute('alt'));
const button = (name: string) => screen.getByRole('button', { name });

async function fillFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Neon Brushes');
  await user.type(screen.getByLabelText('Description'), 'Forty brushes');
  await user.type(screen.getByLabelText('Price'), '19.99');
  await user.selectOptions(screen.getByLabelText('Category'), 'c2');
  await user.selectOptions(screen.getByLabelText('Asset Type'), 't1');
}

describe('The product form gallery', () => {
  it('says the first image is the card image and counts the images against 8', async () => {
    const { gallery, input } = await renderForm();
    expect(input).toHaveAccessibleDescription(
      'Up to 8 images, in the order shown: the first is the card image. 0 of 8 images',
    );
    expect(shown(gallery)).toEqual([]);
  });

  it('adds images in the order picked, moves and removes them, and creates with that order', async () => {
    const put = jest.spyOn(apiClient, 'post').mockReturnValue(new Promise(() => undefined));
    const { user, gallery, input } = await renderForm();
    await fillFields(user);

    await user.upload(input, [image('a.png'), image('b.png')]);
    await within(gallery).findByRole('img', { name: 'Preview of b.png' });
    await user.upload(input, image('c.png'));
    await waitFor(() =>
      expect(shown(gallery)).toEqual(['Preview of a.png', 'Preview of b.png', 'Preview of c.png']),
    );
    const list = within(gallery).getByRole('list', { name: 'Preview images in order' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Card image');
    expect(within(list).getAllByText('Card image')).toHaveLength(1);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('3 of 8 images'));
    expect(input.value).toBe('');
    // The ends cannot move further out.
    expect(button('Move image 1 up')).toBeDisabled();
    expect(button('Move image 3 down')).toBeDisabled();

    await user.click(button('Move image 3 up'));
    expect(shown(gallery)).toEqual(['Preview of a.png', 'Preview of c.png', 'Preview of b.png']);
    // The control pressed moves with its image, keeping the focus.
    expect(button('Move image 2 up')).toHaveFocus();
    await user.click(button('Move image 2 up'));
    expect(shown(gallery)).toEqual(['Preview of c.png', 'Preview of a.png', 'Preview of b.png']);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Card image');
    // At the top its Move up is disabled: Move down takes the focus.
    expect(button('Move image 1 down')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shown(gallery)).toEqual(['Preview of a.png', 'Preview of c.png', 'Preview of b.png']);
    expect(button('Move image 2 down')).toHaveFocus();

    await user.click(button('Remove image 1'));
    expect(shown(gallery)).toEqual(['Preview of c.png', 'Preview of b.png']);
    expect(button('Remove image 1')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![1]).toMatchObject({
      previewImages: [dataUrl('c.png'), dataUrl('b.png')],
    });
    expect(put.mock.calls[0]![1]).not.toHaveProperty('previewImage');
  });

  it('keeps to 8 images: a pick that does not fit adds nothing, and a full gallery takes no more', async () => {
    const { user, gallery, input } = await renderForm();

    await user.upload(input, images(9));
    expect(
      await within(gallery).findByText('At most 8 preview images: room for 8 more'),
    ).toBeInTheDocument();
    expect(shown(gallery)).toEqual([]);

    await user.upload(input, images(8));
    await waitFor(() => expect(shown(gallery)).toHaveLength(8));
    expect(within(gallery).queryByText(/^At most/)).not.toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(within(gallery).getByText('8 of 8 images: remove one to add another')).toBeVisible();

    await user.click(button('Remove image 8'));
    expect(input).toBeEnabled();
    expect(within(gallery).getByText('7 of 8 images')).toBeVisible();
    await user.upload(input, images(2, 20));
    expect(
      await within(gallery).findByText('At most 8 preview images: room for 1 more'),
    ).toBeInTheDocument();
    expect(shown(gallery)).toHaveLength(7);
    await user.upload(input, images(1, 30));
    await waitFor(() => expect(shown(gallery).at(-1)).toBe('Preview of shot-30.png'));
    expect(input).toBeDisabled();
  });

  it('refuses a pick holding a file that is not an image, adding none of it', async () => {
    const { user, gallery, input } = await renderForm();
    await user.upload(input, [
      image('a.png'),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    ]);

    expect(
      await within(gallery).findByText('Preview must be an image file (PNG, JPEG, GIF, WebP...)'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(shown(gallery)).toEqual([]);
    expect(input.value).toBe('');
  });

  it('gives the focus to the file input when the last image goes, and asks for one on submit', async () => {
    const post = jest.spyOn(apiClient, 'post');
    const { user, gallery, input } = await renderForm();
    await fillFields(user);
    await user.upload(input, image('a.png'));
    await within(gallery).findByRole('img', { name: 'Preview of a.png' });

    await user.click(button('Remove image 1'));
    expect(shown(gallery)).toEqual([]);
    expect(input).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(within(gallery).getByText('Preview image is required')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveFocus());
    expect(post).not.toHaveBeenCalled();
  });
});
