import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { extractLinks, type MailMessage, type Mailer } from '../src/infrastructure/mail/mailer.ts';
import { PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { describeEachDatabase } from './helpers/app.ts';
import { dataUrl } from './helpers/catalog.ts';
import { buy, createProducts } from './helpers/checkout.ts';
import { TestClient } from './helpers/client.ts';
import { downloadTicket, fetchLink, tokenOf } from './helpers/downloads.ts';

/** Keeps mail in memory: the development outbox prints its links (tokens) to the log on purpose. */
class MailCatcher implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  tokenOf(to: string, kind: 'verify-email' | 'reset-password'): string {
    const link = this.sent
      .filter((message) => message.to === to)
      .flatMap((message) => extractLinks(message.text))
      .findLast((candidate) => candidate.includes(`/${kind}/`));
    assert.ok(link, `no ${kind} mail for ${to}`);
    return link.split('/').pop()!;
  }
}

interface Line {
  msg: string;
  reqId?: string;
  userId?: string;
  route?: string;
  responseTime?: number;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  [field: string]: unknown;
}

const NEW_PASSWORD = 'Changed#456';
const RESET_PASSWORD = 'Reset#789';
const raw: string[] = [];
const mail = new MailCatcher();
const parsed = () => raw.map((line) => JSON.parse(line) as Line);

/** The one request line of a response, found by the request id it answered. */
function lineOf(response: LightMyRequestResponse): Line {
  const id = response.headers['x-request-id'];
  const mine = parsed().filter((line) => line.reqId === id && line.msg === 'request completed');
  assert.equal(mine.length, 1, `one request line for ${String(id)}`);
  return mine[0]!;
}

describeEachDatabase(
  'structured logs',
  (suite) => {
    it('never hold a password, cookie, token or signed link of a whole account life', async () => {
      const secrets = new Map<string, string>([
        [PASSWORD, 'the first password'],
        [NEW_PASSWORD, 'the changed password'],
        [RESET_PASSWORD, 'the reset password'],
        [suite.config.demoAdmin.password, "the admin's password"],
      ]);
      const client = new TestClient(suite.app);
      const remember = (response: LightMyRequestResponse) => {
        for (const cookie of response.cookies) {
          if (cookie.name !== 'isLoggedIn' && cookie.value) {
            secrets.set(cookie.value, `the ${cookie.name} cookie`);
          }
        }
        return response;
      };
      const email = uniqueEmail('logs');
      const expect = (response: LightMyRequestResponse, status: number) => {
        assert.equal(response.statusCode, status, response.body);
        return remember(response);
      };

      expect(
        await client.post('/api/auth/signup', {
          name: 'Log Reader',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
        201,
      );
      // Mail is a job delivered moments after the answer.
      await suite.app.services.mailer.settle(5_000);
      const verifyToken = mail.tokenOf(email, 'verify-email');
      secrets.set(verifyToken, 'the verification token');
      expect(await client.get(`/api/auth/verify-email/${verifyToken}`), 200);
      const login = (password: string) =>
        client.post('/api/auth/login', { email, password, rememberMe: true });
      const user = expect(await login(PASSWORD), 200).json<{ id: string }>();
      expect(await client.post('/api/auth/refresh-token'), 200);
      const profile = expect(await client.get('/api/auth/profile'), 200);
      const changed = expect(
        await client.put('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
        }),
        200,
      );
      expect(await client.post('/api/auth/forgot-password', { email }), 200);
      await suite.app.services.mailer.settle(5_000);
      const resetToken = mail.tokenOf(email, 'reset-password');
      secrets.set(resetToken, 'the reset token');
      expect(
        await client.post(`/api/auth/reset-password/${resetToken}`, { password: RESET_PASSWORD }),
        200,
      );
      expect(await login(RESET_PASSWORD), 200);
      // The old password fails (a 401 line), the old refresh token was revoked by the reset.
      expect(await login(NEW_PASSWORD), 401);

      const [product] = await createProducts(suite.app, [7], {
        originalAsset: dataUrl('text/plain', 'a file for the log test'),
      });
      const order = await buy(suite.app, client, [{ product }]);
      secrets.set(order.providerSessionId!, 'the checkout session id');
      const ticketResponse = await client.get(`/api/products/download/${product.id}`);
      assert.equal(ticketResponse.statusCode, 200);
      const ticket = await downloadTicket(client, product.id);
      secrets.set(tokenOf(ticket.downloadUrl), 'the signed download token');
      const file = await fetchLink(suite.app, ticket.downloadUrl);
      assert.equal(file.statusCode, 200);
      // The opt-out link of update mails, opened and posted (RFC 8058 one-click).
      const optOut = new URL(await suite.app.services.updateMailOptOut.link(user.id)).pathname;
      secrets.set(optOut.split('/').pop()!, 'the opt-out token');
      const optOutPage = await suite.app.inject({ method: 'GET', url: optOut });
      assert.equal(optOutPage.statusCode, 200);
      const optedOut = await suite.app.inject({
        method: 'POST',
        url: optOut,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(optedOut.statusCode, 200);
      // Unmatched paths are logged with the same redaction.
      await suite.app.inject({ method: 'GET', url: `/api/auth/verify-email/${verifyToken}/more` });

      const leaks = raw.flatMap((line, index) =>
        [...secrets]
          .filter(([value]) => line.includes(value))
          .map(([, what]) => `line ${index + 1} holds ${what}: ${line}`),
      );
      assert.deepEqual(leaks, []);
      assert.ok(!raw.some((line) => /\bBearer\s+\S{8,}/.test(line)), 'a Bearer token');

      // The signed-in calls carry who made them; the route pattern says which call it was.
      for (const response of [profile, changed, ticketResponse]) {
        assert.equal(lineOf(response).userId, user.id);
      }
      assert.equal(lineOf(profile).route, '/api/auth/profile');
      assert.equal(lineOf(ticketResponse).route, '/api/products/download/:productId');
      const download = lineOf(file);
      assert.equal(download.route, '/api/files/downloads/:token');
      assert.equal(download.req?.url, '/api/files/downloads/[redacted]');
      assert.equal(download.userId, undefined, 'the link is opened without a session');
      for (const response of [optOutPage, optedOut]) {
        assert.equal(lineOf(response).req?.url, '/api/account/update-mails/opt-out/[redacted]');
      }
      const verification = parsed().find((line) => line.route === '/api/auth/verify-email/:token');
      assert.equal(verification?.req?.url, '/api/auth/verify-email/[redacted]');
    });

    it('log one line per request: id, method, redacted URL, route, user, status and timing', async () => {
      raw.length = 0;
      const response = await suite.app.inject({ method: 'GET', url: '/api/health' });
      const line = lineOf(response);
      assert.match(String(line.reqId), /^[0-9a-f-]{36}$/);
      assert.equal(line.reqId, response.headers['x-request-id']);
      assert.deepEqual(line.req, { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
      assert.equal(line.route, '/api/health');
      assert.deepEqual(line.res, { statusCode: 200 });
      assert.equal(typeof line.responseTime, 'number');
      assert.equal('userId' in line, false, 'no user on a signed-out call');
      assert.equal(typeof line.time, 'number');
      assert.equal(line.level, 30);
    });

    it('redact credentials wherever a later log call might pass them', async () => {
      raw.length = 0;
      const values = ['pw-1', 'pw-2', 'tok-1', 'cookie-1', 'auth-1', 'set-1', 'acc-1', 'ref-1'];
      suite.app.log.info(
        {
          password: 'pw-1',
          body: { newPassword: 'pw-2', token: 'tok-1', accessToken: 'acc-1' },
          headers: { cookie: 'cookie-1', authorization: 'auth-1' },
          res: { headers: { 'set-cookie': 'set-1' } },
          refreshToken: 'ref-1',
        },
        'a careless line',
      );
      const [line = ''] = raw;
      assert.match(line, /a careless line/);
      for (const value of values) assert.ok(!line.includes(value), value);
    });

    it('redact below any key while strings and numbers pass the wildcard paths unchanged', () => {
      raw.length = 0;
      const text = 'a "quoted" \\ text\nover two lines';
      suite.app.log.child({ reqId: 'child-1' }).info(
        {
          note: text,
          count: 3,
          ratio: Number.NaN,
          flag: false,
          empty: null,
          order: { id: 'o-1', password: 'pw-3' },
        },
        'a mixed line',
      );
      const [line = ''] = raw;
      assert.ok(!line.includes('pw-3'));
      const parsedLine = JSON.parse(line) as Record<string, unknown>;
      assert.equal(parsedLine.reqId, 'child-1');
      assert.equal(parsedLine.note, text);
      assert.equal(parsedLine.count, 3);
      assert.equal(parsedLine.ratio, null);
      assert.equal(parsedLine.flag, false);
      assert.equal(parsedLine.empty, null);
      assert.deepEqual(parsedLine.order, { id: 'o-1', password: '[redacted]' });
    });
  },
  {
    env: { LOG_LEVEL: 'info' },
    build: { logStream: { write: (line) => raw.push(line) }, mailer: mail },
  },
);
