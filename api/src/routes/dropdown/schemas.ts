import { z } from 'zod';
import { dollars, uuidText, integer } from '../common/formats.ts';

export const dropdownItem = z
  .object({ id: uuidText, name: z.string(), display_name: z.string(), icon: z.string() })
  .meta({ id: 'DropdownItem', description: 'A category or asset type; `name` is the URL slug' });

export const categoriesAnswer = z.object({
  success: z.literal(true),
  data: z.array(dropdownItem),
});

export const statisticsAnswer = z.object({
  success: z.literal(true),
  data: z.array(
    dropdownItem.extend({
      product_count: integer,
      featured_count: integer,
      min_price: dollars.nullable(),
      max_price: dollars.nullable(),
    }),
  ),
});

export const allAnswer = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(dropdownItem), assetTypes: z.array(dropdownItem) }),
});
