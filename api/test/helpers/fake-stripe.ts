import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  ui_mode: string;
  /** Hosted sessions only, as with Stripe. */
  url: string | null;
  /** Embedded sessions only, as with Stripe. */
  client_secret: string | null;
  return_url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/** `error`: Stripe's 500 `api_error`; `hang`: the request is read and never answered. */
export type FakeOutage = 'none' | 'error' | 'hang';

/**
 * A few endpoints of Stripe's API, in-process on 127.0.0.1: coupons, Checkout Sessions
 * (create, hosted or embedded, and retrieve) with idempotent replays, and a record of every
 * request. `outage` makes
 * session creation (coupons included) or retrieval fail or hang, as a Stripe incident would.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const replays = new Map<string, string>();
  const coupons: string[] = [];
  const failures = { sessions: false };
  const outage: { create: FakeOutage; retrieve: FakeOutage } = { create: 'none', retrieve: 'none' };
  let counter = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
      const answer = (status: number, body: unknown) => {
        const json = JSON.stringify(body);
        if (replayKey && status < 300) replays.set(replayKey, json);
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${counter}`,
        });
        res.end(json);
      };
      const phase = req.method === 'GET' ? outage.retrieve : outage.create;
      if (phase === 'hang') return;
      if (phase === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ error: { type: 'api_error', message: 'Simulated Stripe outage' } }),
        );
      }
      if (replayKey && replays.has(replayKey)) {
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(replays.get(replayKey));
      }
      counter += 1;
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        coupons.push(`coupon_${counter}`);
        return answer(200, {
          id: `coupon_${counter}`,
          object: 'coupon',
          percent_off: Number(params.percent_off),
          duration: params.duration,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failures.sessions) {
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'Simulated rejection' },
          });
        }
        const id = `cs_test_${counter}`;
        let total = 0;
        for (let index = 0; params[`line_items[${index}][quantity]`]; index += 1) {
          total +=
            Number(params[`line_items[${index}][price_data][unit_amount]`]) *
            Number(params[`line_items[${index}][quantity]`]);
        }
        const uiMode = params.ui_mode ?? 'hosted_page';
        const embedded = uiMode === 'embedded_page';
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          ui_mode: uiMode,
          url: embedded ? null : `https://checkout.stripe.test/c/pay/${id}`,
          client_secret: embedded ? `${id}_secret_${counter}` : null,
          return_url: params.return_url ?? null,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: total,
          client_reference_id: params.client_reference_id ?? null,
          metadata: { orderId: params['metadata[orderId]'] ?? '' },
        };
        sessions.set(id, session);
        return answer(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (session) return answer(200, session);
        return answer(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${match[1]}'`,
          },
        });
      }
      answer(404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    sessions,
    coupons,
    failures,
    outage,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fake',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // requests left hanging
      }),
  };
}
