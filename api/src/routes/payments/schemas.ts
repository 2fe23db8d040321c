import { z } from 'zod';
import { dollars, uuidText } from '../common/formats.ts';

export const checkoutAnswer = z.object({
  id: z.string().meta({ description: "The provider's checkout session id" }),
  url: z.string().meta({ description: 'The hosted checkout page to send the shopper to' }),
  totalAmount: dollars.meta({ description: 'To be charged, after the coupon' }),
});

export const confirmedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: uuidText,
});

export const webhookAnswer = z.object({
  received: z.boolean().meta({ description: 'Always true' }),
});

// Never refused by its schema: the signature check needs the exact bytes received, whatever
// they are (an unsigned or malformed event is the provider check's 400).
export const webhookBody = z.unknown().meta({
  description:
    "The provider's event as sent (Stripe's, or the local provider's " +
    '`{type, data: {object: {id}}}`), verified over the raw bytes',
});
