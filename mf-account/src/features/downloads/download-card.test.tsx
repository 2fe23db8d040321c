import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import { purchased } from '../../testing/fixtures';
import { DownloadCard } from './download-card';

describe('DownloadCard', () => {
  it("links the product's name to its page, beside the Download button", () => {
    renderWithProviders(
      <ul>
        <DownloadCard
          product={purchased({ slug: 'neon-brushes-2' })}
          downloading={false}
          onDownload={() => undefined}
        />
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'Neon Brushes' })).toHaveAttribute(
      'href',
      '/product/neon-brushes-2',
    );
    expect(screen.getByRole('button', { name: 'Download Neon Brushes' })).toBeEnabled();
  });
});
