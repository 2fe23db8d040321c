import type { MailMessage } from './mailer.ts';

const SIGNATURE = '\n\n— The Digital Assets Store team';

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your email address',
    text:
      `Hi ${name},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\n` +
      `The link is valid for 24 hours. If you did not create an account, ignore this email.` +
      SIGNATURE,
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    text:
      `Hi ${name},\n\nSomeone asked to reset the password of your account. ` +
      `To choose a new password, open this link:\n\n${link}\n\n` +
      `The link is valid for 1 hour and works once. If it was not you, ignore this email; ` +
      `your password stays unchanged.` +
      SIGNATURE,
  };
}

export interface ConfirmationLine {
  name: string;
  quantity: number;
  unitPrice: string;
}

export function orderConfirmationMail(
  to: string,
  name: string,
  order: { shortId: string; lines: ConfirmationLine[]; discount: string | null; total: string },
  ordersLink: string,
): MailMessage {
  const lines = order.lines
    .map((line) => `- ${line.name} × ${line.quantity} at $${line.unitPrice}`)
    .join('\n');
  const discount = order.discount ? `Discount: -$${order.discount}\n` : '';
  return {
    to,
    subject: `Your order ${order.shortId} is confirmed`,
    text:
      `Hi ${name},\n\nThank you for your purchase! Your order ${order.shortId} is complete.\n\n` +
      `${lines}\n\n${discount}Total: $${order.total}\n\n` +
      `Your downloads are ready in your account:\n\n${ordersLink}` +
      SIGNATURE,
  };
}
