import type { FastifyReply } from 'fastify';
import type { LocalCheckoutSession } from '../../db/schema.ts';
import { escapeHtml, sendPage } from '../../http/html-page.ts';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// After the shared rules (`http/html-page.ts`): the order's table and the two buttons.
const CHECKOUT_STYLE = `
h1{margin:0 0 4px}
.muted{color:#6b7280;font-size:.875rem;margin:0 0 24px}
table{width:100%;border-collapse:collapse;margin-bottom:16px}
td{padding:8px 0;border-bottom:1px solid #e5e7eb;vertical-align:top}
td.amount{text-align:right;white-space:nowrap;padding-left:16px}
.qty{color:#6b7280;font-size:.875rem}
.total td{font-weight:700;border-bottom:none;font-size:1.125rem}
.discount td{color:#047857}
.actions{display:flex;gap:12px;margin-top:24px}
.actions form{flex:1}
button{margin-top:0;border-color:#d1d5db;background:#fff;color:#111827;font-weight:400}
button.pay{background:#059669;border-color:#059669;color:#fff;font-weight:600}
.notice{font-size:.75rem;color:#6b7280;text-align:center;margin-top:16px}
`;

function checkoutBody(session: LocalCheckoutSession): string {
  const rows = session.lineItems
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}<div class="qty">Qty ${escapeHtml(line.quantity)} × ${usd(line.unitAmount)}</div></td>` +
        `<td class="amount">${usd(line.unitAmount * line.quantity)}</td></tr>`,
    )
    .join('\n');
  const discount = session.amountDiscount
    ? `<tr><td>Subtotal</td><td class="amount">${usd(session.amountSubtotal)}</td></tr>
<tr class="discount"><td>${escapeHtml(session.discountLabel ?? 'Discount')}</td><td class="amount">-${usd(session.amountDiscount)}</td></tr>`
    : '';
  const action = `/api/payments/local-checkout/${encodeURIComponent(session.id)}`;
  return `<h1>Digital Assets Store</h1>
<p class="muted">${session.customerEmail ? `Checkout for ${escapeHtml(session.customerEmail)}` : 'Checkout'}</p>
<table>
${rows}
${discount}
<tr class="total"><td>Total due</td><td class="amount" data-testid="total">${usd(session.amountTotal)}</td></tr>
</table>
<div class="actions">
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit">Cancel</button></form>
<form method="post" action="${escapeHtml(action)}/pay"><button type="submit" class="pay">Pay ${usd(session.amountTotal)}</button></form>
</div>
<p class="notice">Test payment page of the built-in local provider. No card is charged.</p>`;
}

function messageBody(title: string, text: string, link: string | null): string {
  const back = link ? `<p><a href="${escapeHtml(link)}">Return to the store</a></p>` : '';
  return `<h1>${escapeHtml(title)}</h1>\n<p class="muted">${escapeHtml(text)}</p>\n${back}`;
}

export function sendCheckoutPage(
  reply: FastifyReply,
  session: LocalCheckoutSession,
  appOrigin: string,
) {
  // A redirect after a form post is checked against form-action too.
  return sendPage(reply, 200, {
    title: 'Checkout',
    body: checkoutBody(session),
    style: CHECKOUT_STYLE,
    formTargets: [appOrigin],
  });
}

export function sendMessagePage(
  reply: FastifyReply,
  status: 404 | 410,
  title: string,
  text: string,
  link: string | null,
) {
  return sendPage(reply, status, {
    title,
    body: messageBody(title, text, link),
    style: CHECKOUT_STYLE,
  });
}
