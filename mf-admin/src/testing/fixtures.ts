import type { Category } from '@store/shared';

export { product } from '@store/shared/testing/fixtures';

export const option = (id: string, display_name: string): Category => ({
  id,
  name: display_name.toLowerCase(),
  display_name,
  icon: null,
});

export const DROPDOWNS = {
  success: true,
  data: {
    categories: [option('c1', 'Brushes'), option('c2', 'Icons')],
    assetTypes: [option('t1', 'Bundle'), option('t2', 'Single File')],
  },
};
