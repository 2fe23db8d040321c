import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

// The api's own small pages (the local checkout's hosted page, the update-mail opt-out): plain
// HTML, every interpolated value escaped, one style block allowed by a per-response nonce, and
// forms that may only post to the api itself (and to the targets a page names).

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

const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:480px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 8px 24px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 12px}
p{line-height:1.5;color:#374151}
button{width:100%;margin-top:16px;padding:12px;border-radius:8px;font-size:1rem;cursor:pointer;border:1px solid #059669;background:#059669;color:#fff;font-weight:600}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
a{color:#059669}
`;

export interface Page {
  title: string;
  /** Markup: the caller escapes what it interpolates. */
  body: string;
  /** The page's own rules, after the shared ones. */
  style?: string;
  /** Origins besides the api that a form (or the redirect after it) may go to. */
  formTargets?: string[];
}

/** Sends `page` with a CSP of its own: only its nonce'd style runs, forms post home. */
export function sendPage(reply: FastifyReply, status: number, page: Page) {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${(page.formTargets ?? []).join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">${BASE_STYLE}${page.style ?? ''}</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`;
  return (
    reply
      .code(status)
      .header('content-security-policy', csp)
      // Helmet's no-referrer would make the browser send `Origin: null` with the form post.
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
