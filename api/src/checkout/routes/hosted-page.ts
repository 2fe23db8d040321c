import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { LocalCheckoutSession } from '../../db/schema.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:480px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 8px 24px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 4px}
.muted{color:#6b7280;font-size:.875rem;margin:0 0 24px}
table{width:100%;border-collapse:collapse;margin-bottom:16px}
td{padding:8px 0;border-bottom:1px solid #e5e7eb;vertical-align:top}
td.amount{text-align:right;white-space:nowrap;padding-left:16px}
.qty{color:#6b7280;font-size:.875rem}
.total td{font-weight:700;border-bottom:none;font-size:1.125rem}
.discount td{color:#047857}
.actions{display:flex;gap:12px;margin-top:24px}
.actions form{flex:1}
button{width:100%;padding:12px;border-radius:8px;font-size:1rem;cursor:pointer;border:1px solid #d1d5db;background:#fff;color:#111827}
button.pay{background:#059669;border-color:#059669;color:#fff;font-weight:600}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.notice{font-size:.75rem;color:#6b7280;text-align:center;margin-top:16px}
a{color:#059669}
`;

function document(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

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

/** A self-contained page: only its own nonce'd style runs, and forms may only post home. */
function send(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  formTargets: string[],
) {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return (
    reply
      .code(status)
      .header('content-security-policy', csp)
      // Helmet's no-referrer would make the browser send `Origin: null` with the form posts.
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(document(title, body, nonce))
  );
}

export function sendCheckoutPage(
  reply: FastifyReply,
  session: LocalCheckoutSession,
  appOrigin: string,
) {
  // A redirect after a form post is checked against form-action too.
  return send(reply, 200, 'Checkout', checkoutBody(session), [appOrigin]);
}

export function sendMessagePage(
  reply: FastifyReply,
  status: 404 | 410,
  title: string,
  text: string,
  link: string | null,
) {
  return send(reply, status, title, messageBody(title, text, link), []);
}
