import { z } from 'zod';
import { dollars, uuidText } from '../common/formats.ts';

const sessionId = z.string().meta({ description: "The provider's checkout session id" });
const totalAmount = dollars.meta({ description: 'To be charged, after the coupon' });

export const checkoutAnswer = z.union([
  z
    .object({
      id: sessionId,
      url: z.string().meta({ description: 'The hosted checkout page to send the shopper to' }),
      totalAmount,
    })
    .meta({ title: 'Hosted checkout', description: 'The `local` provider' }),
  z
    .object({
      id: sessionId,
      clientSecret: z.string().meta({
        description: "Mounts Stripe's embedded Checkout in the page (Stripe.js)",
      }),
      totalAmount,
    })
    .meta({ title: 'Embedded checkout', description: 'The `stripe` provider' }),
]);

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
