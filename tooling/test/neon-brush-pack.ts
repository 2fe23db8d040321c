import type { Category, ProductPage } from '@store/contract';
import { productPage } from '@store/shared/testing/fixtures';

/** The store's one category in the product page's documents. */
export const CATEGORIES: Category[] = [
  {
    id: '1f0c8f43-0f6b-4a39-9a43-5c2a3d0f0b01',
    name: 'digital-art',
    display_name: 'Digital Art',
    icon: 'digital-art',
  },
];

/**
 * The product the server draws, as `GET /products/by-slug/neon-brush-pack` answers it: a file,
 * one preview, no sale and no reviews; `overrides` set what a test is about.
 */
export const neonBrushPack = (overrides: Partial<ProductPage> = {}): ProductPage =>
  productPage({
    id: '5b1d3f0e-8c1a-4a8e-9f3e-2d6c7b9a1e01',
    slug: 'neon-brush-pack',
    name: 'Neon Brush Pack',
    description:
      'Forty **hand-made** brushes for glowing lines.\n\n- 40 brushes\n- Works in Procreate',
    price: 24.99,
    category: 'digital-art',
    category_display_name: 'Digital Art',
    asset_type: null,
    asset_type_display_name: null,
    preview_images: ['/api/files/previews/neon-1.webp'],
    file_name: 'neon.zip',
    file_size: 1_234_567,
    file_type: 'application/zip',
    created_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  });

/** A sale ending in 2030 and two reviews, 4 and 5 stars. */
export const ON_SALE_AND_RATED = {
  sale_price: 19.99,
  sale_ends_at: '2030-01-31T12:00:00.000Z',
  asset_type: 'brushes',
  asset_type_display_name: 'Brushes',
  rating: { average: 4.5, count: 2, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } },
  download_expiry_days: 7,
} satisfies Partial<ProductPage>;
