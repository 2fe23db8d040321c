import type { Category, DropdownsAnswer } from '@store/contract';

export { product } from '@store/shared/testing/fixtures';

export const option = (id: string, display_name: string): Category => ({
  id,
  name: display_name.toLowerCase(),
  display_name,
  icon: 'default',
});

export const DROPDOWNS: DropdownsAnswer = {
  success: true,
  data: {
    categories: [option('c1', 'Brushes'), option('c2', 'Icons')],
    assetTypes: [option('t1', 'Bundle'), option('t2', 'Single File')],
  },
};
