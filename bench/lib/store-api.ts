import { inParallel } from '../../api/test/scale-out/load.ts';
import { API_URL, SHELL_URL } from './composition.ts';
import { request } from './http-request.ts';

// Password hashing dominates sign-up and login: more at once only queues them in the api.
const SIGNUP_CONCURRENCY = 50;

/** Direct calls to the api (loopback), as a signed-in browser on the shell's origin makes them. */

export const SHOPPER = { email: 'shopper@example.com', password: 'Shopper#2026' };
/** A 1x1 PNG preview for products the bench makes (the api sniffs the preview's type). */
export const TINY_PREVIEW =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const ADMIN = { email: 'admin@example.com', password: 'Admin#2026' };

export interface Session {
  email: string;
  /** The `Cookie` header of the signed-in session. */
  cookie: string;
}

async function failed(response: Response, what: string): Promise<never> {
  const text = await response.text().catch(() => '');
  throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
}

export async function call(
  method: string,
  route: string,
  { session, body }: { session?: Session; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // The CSRF check wants an app origin on cookie-bearing unsafe requests.
  if (method !== 'GET' && method !== 'HEAD') headers.origin = SHELL_URL;
  return request(`${API_URL}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function callJson<T>(
  method: string,
  route: string,
  options: { session?: Session; body?: unknown } = {},
): Promise<T> {
  const response = await call(method, route, options);
  if (!response.ok) await failed(response, `${method} ${route}`);
  return (await response.json()) as T;
}

export async function login(email: string, password: string): Promise<Session> {
  const response = await call('POST', '/api/auth/login', { body: { email, password } });
  if (!response.ok) await failed(response, `login of ${email}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  return { email, cookie };
}

interface OutboxMessage {
  to: string | string[];
  links: string[];
}

// Mail is delivered by background jobs: a thousand sign-ups' mails take longer than the
// outbox listing waits for on a slow machine, so it is read again until all have arrived.
const OUTBOX_DEADLINE_MS = 120_000;

async function verificationLinks(emails: string[]): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const deadline = Date.now() + OUTBOX_DEADLINE_MS;
  let missing = emails;
  for (;;) {
    const { messages } = await callJson<{ messages: OutboxMessage[] }>('GET', '/api/dev/outbox');
    for (const email of missing) {
      const message = messages.find((candidate) =>
        [candidate.to].flat().some((to) => to.toLowerCase().includes(email)),
      );
      const link = message?.links.find((candidate) => candidate.includes('/verify-email/'));
      if (link) links.set(email, link);
    }
    missing = missing.filter((email) => !links.has(email));
    if (!missing.length) return links;
    if (Date.now() > deadline) {
      throw new Error(`No verification mail for ${missing.length} shoppers, e.g. ${missing[0]}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Signs up, verifies (links from the dev outbox) and logs in `count` shoppers, a bounded number at a time. */
export async function createShoppers(count: number, prefix: string): Promise<Session[]> {
  const password = 'Bench#2026-pass';
  const emails = Array.from({ length: count }, (_, index) => `${prefix}-${index}@bench.test`);
  await inParallel(emails, SIGNUP_CONCURRENCY, (email, index) =>
    callJson('POST', '/api/auth/signup', {
      body: { name: `Bench Shopper ${index}`, email, password },
    }),
  );
  const links = await verificationLinks(emails);
  await inParallel(emails, SIGNUP_CONCURRENCY, async (email) => {
    const token = links.get(email)!.split('/verify-email/')[1]!.split(/[?#]/)[0]!;
    await callJson('GET', `/api/auth/verify-email/${token}`);
  });
  return inParallel(emails, SIGNUP_CONCURRENCY, (email) => login(email, password));
}

export interface Category {
  id: string;
  name: string;
}

export interface ProductView {
  id: string;
  /** The product page is `/product/:slug`. */
  slug: string;
  name: string;
  price: number;
  max_downloads: number;
}

export async function categories(): Promise<Category[]> {
  const answer = await callJson<{ data: { categories: Category[] } }>('GET', '/api/dropdown/all');
  return answer.data.categories;
}

export async function categoryProducts(slug: string): Promise<ProductView[]> {
  const answer = await callJson<{ products: ProductView[] }>(
    'GET',
    `/api/products/category/${slug}`,
  );
  return answer.products;
}
