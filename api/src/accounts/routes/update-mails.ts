import { optOutParams } from '@store/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { html, type HeaderDocs } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';
import { escapeHtml, sendPage } from '../../http/html-page.ts';
import { ignoredBody } from '../../http/ignored-body.ts';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
// RFC 8058's body is `List-Unsubscribe=One-Click`; nothing here needs more.
const BODY_LIMIT = 4096;

// The 'Auth' tag is the accounts' (sign-in, passwords, mail links).
const tags = ['Auth'];
const PAGE_HEADERS: HeaderDocs = {
  'content-security-policy': { type: 'string', description: 'Per response, with a style nonce' },
  'cache-control': { type: 'string', description: '`no-store`' },
};
const notFoundPage = html('Not a link of ours, or its account is gone (a page)', PAGE_HEADERS);

const KEPT = 'Order confirmations and account e-mails still arrive.';

/**
 * The one-click opt-out of update mails ("a file you bought was updated"). The link's signed
 * token is the credential, as a checkout session id is on the hosted page: no session, and no
 * origin check (mail clients post from their own servers, RFC 8058). GET shows a page with a
 * button; POST, from that button or from a mail client's own "Unsubscribe", opts out.
 */
const updateMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const optOut = app.services.updateMailOptOut;

  // The body says nothing the path does not: read and dropped.
  for (const type of [FORM, MULTIPART]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  const notFound = (reply: FastifyReply) =>
    sendPage(reply, 404, {
      title: 'Link not valid',
      body:
        '<h1>This link is not valid</h1>\n<p>Open the link from the e-mail again, or copy ' +
        'all of it into the address bar.</p>',
    });

  const optedOut = (reply: FastifyReply) =>
    sendPage(reply, 200, {
      title: 'Unsubscribed',
      body:
        '<h1>You are unsubscribed</h1>\n<p>You will no longer get e-mails about updates to ' +
        `products you bought. ${escapeHtml(KEPT)}</p>`,
    });

  app.get(
    '/update-mails/opt-out/:token',
    {
      schema: {
        tags,
        summary: 'The opt-out page of update mails',
        description:
          'The link in every update mail: a page with one button that posts to this address. ' +
          'Nothing changes until it is pressed.',
        params: optOutParams,
        response: {
          200: html('The page: its button, or that the account is opted out already', PAGE_HEADERS),
          404: notFoundPage,
          ...errors(),
        },
      },
    },
    async (request, reply) => {
      const state = await optOut.stateOf(request.params.token);
      if (!state) return notFound(reply);
      if (state.optedOut) return optedOut(reply);
      // Relative: the page is the api's, whatever address it is reached at.
      const action = escapeHtml(request.url.split('?')[0]!);
      return sendPage(reply, 200, {
        title: 'Update e-mails',
        body:
          '<h1>Stop update e-mails?</h1>\n<p>We e-mail you when a product you bought has a ' +
          `new file. ${escapeHtml(KEPT)}</p>\n<form method="post" action="${action}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          '<button type="submit">Unsubscribe from update e-mails</button></form>',
      });
    },
  );

  app.post(
    '/update-mails/opt-out/:token',
    {
      bodyLimit: BODY_LIMIT,
      config: { skipOriginCheck: true, contentTypes: [FORM, MULTIPART] },
      schema: {
        tags,
        summary: 'Opt out of update mails (one click)',
        description:
          "RFC 8058 one-click unsubscribe: what the page's button and mail clients post " +
          '(`List-Unsubscribe=One-Click`, a form; the body is not needed). No session and no ' +
          'origin check: the signed token is the credential. Idempotent.',
        params: optOutParams,
        body: ignoredBody,
        response: {
          200: html('Opted out (a page)', PAGE_HEADERS),
          404: notFoundPage,
          ...errors({
            400: 'Malformed JSON',
            413: 'A body over 4 KB',
            415: 'A body that is neither a form nor JSON',
          }),
        },
      },
    },
    async (request, reply) => {
      if (!(await optOut.optOut(request.params.token))) return notFound(reply);
      return optedOut(reply);
    },
  );
};

export default updateMailRoutes;
