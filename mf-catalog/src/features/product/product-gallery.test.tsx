import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductGallery } from './product-gallery';

const IMAGES = ['/img/a.png', '/img/b.png', '/img/c.png'];
const main = () => screen.getByRole('img', { name: /^Neon Brushes/ });

describe('ProductGallery', () => {
  it('shows the first image large, and another when its thumbnail is chosen', async () => {
    render(<ProductGallery name="Neon Brushes" images={IMAGES} />);
    expect(main()).toHaveAttribute('src', '/img/a.png');
    expect(main()).toHaveAccessibleName('Neon Brushes, image 1 of 3');

    await userEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(main()).toHaveAttribute('src', '/img/c.png');
    expect(main()).toHaveAccessibleName('Neon Brushes, image 3 of 3');
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('moves between the thumbnails with the arrow keys, Home and End, one tab stop', async () => {
    const user = userEvent.setup();
    render(<ProductGallery name="Neon Brushes" images={IMAGES} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' })).toHaveFocus();
    expect(main()).toHaveAttribute('src', '/img/b.png');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(main()).toHaveAttribute('src', '/img/c.png');
    await user.keyboard('{Home}');
    expect(main()).toHaveAttribute('src', '/img/a.png');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('has no thumbnails for a single image, which is named after the product', () => {
    render(<ProductGallery name="Neon Brushes" images={['/img/a.png']} />);
    expect(main()).toHaveAccessibleName('Neon Brushes');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
