import { z } from 'zod';
import { dollars, uuidText } from '../common/formats.ts';

export const cartLine = z
  .object({
    _id: uuidText.meta({ description: 'The product id' }),
    id: uuidText.meta({ description: 'The product id (again, for the client)' }),
    name: z.string(),
    description: z.string(),
    image: z.string().meta({ description: "The product's preview URL" }),
    price: dollars,
    quantity: z.number().int().min(1).max(99),
  })
  .meta({ id: 'CartLine', description: 'A cart line (contract section 5)' });

export const cartAnswer = z
  .array(cartLine)
  .meta({ description: 'The whole cart (at most 100 lines), oldest line first' });
