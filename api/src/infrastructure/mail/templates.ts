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
  order: {
    shortId: string;
    lines: ConfirmationLine[];
    discount: string | null;
    total: string;
    /** The order issued license keys: the mail says where they are, never a key. */
    licenseKeys?: boolean;
  },
  ordersLink: string,
): MailMessage {
  const lines = order.lines
    .map((line) => `- ${line.name} × ${line.quantity} at $${line.unitPrice}`)
    .join('\n');
  const discount = order.discount ? `Discount: -$${order.discount}\n` : '';
  const keys = order.licenseKeys
    ? `\n\nYour license keys are in My Downloads:\n\n${ordersLink}`
    : '';
  return {
    to,
    subject: `Your order ${order.shortId} is confirmed`,
    text:
      `Hi ${name},\n\nThank you for your purchase! Your order ${order.shortId} is complete.\n\n` +
      `${lines}\n\n${discount}Total: $${order.total}\n\n` +
      `Your downloads are ready in your account:\n\n${ordersLink}${keys}` +
      SIGNATURE,
  };
}

/** A refund of a whole order: the money goes back and the order's downloads end. */
export function orderRefundMail(
  to: string,
  name: string,
  order: { shortId: string; lines: Pick<ConfirmationLine, 'name' | 'quantity'>[]; total: string },
  ordersLink: string,
): MailMessage {
  const lines = order.lines.map((line) => `- ${line.name} × ${line.quantity}`).join('\n');
  return {
    to,
    subject: `Your order ${order.shortId} was refunded`,
    text:
      `Hi ${name},\n\nYour order ${order.shortId} was refunded in full: $${order.total} goes ` +
      `back to the card or account you paid with (your bank may take a few days to show it).\n\n` +
      `${lines}\n\nThe downloads of this order are no longer available; anything you bought in ` +
      `another order stays yours. Your orders:\n\n${ordersLink}` +
      SIGNATURE,
  };
}

export interface ProductUpdate {
  productName: string;
  /** The admin's release note; null or empty: none. */
  note: string | null;
  /** My Downloads in the store. */
  downloadsLink: string;
  /** The one-click opt-out from update mails (also the `List-Unsubscribe` target). */
  optOutLink: string;
}

/**
 * A new file of a product the buyer has. Carries RFC 8058's one-click unsubscribe headers, so
 * mail clients offer "Unsubscribe" and post to the opt-out link themselves.
 */
export function productUpdateMail(to: string, name: string, update: ProductUpdate): MailMessage {
  const note = update.note?.trim() ? `What changed:\n\n${update.note.trim()}\n\n` : '';
  return {
    to,
    subject: `An update to ${update.productName} is ready`,
    text:
      `Hi ${name},\n\nA new version of ${update.productName}, which you bought, is ready. ` +
      `It gives you one more download, so you can fetch it even if you used them all.\n\n` +
      `${note}Download it from My Downloads:\n\n${update.downloadsLink}` +
      SIGNATURE +
      `\n\nYou get this e-mail because you bought ${update.productName}. To stop e-mails ` +
      `about updates to products you bought, open:\n${update.optOutLink}`,
    headers: {
      'List-Unsubscribe': `<${update.optOutLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
