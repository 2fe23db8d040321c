import { beaconBody } from '@store/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { noBody } from '../../http/answers.ts';
import { errors } from '../../http/errors.ts';

const tags = ['Operations'];
/** Ten metrics and the longest pattern take about 400 bytes. */
const BEACON_BODY_LIMIT = 2048;

const TEXT = 'text/plain';

/**
 * Real visitors' Core Web Vitals, sent by the shell (shell/src/vitals) with
 * `navigator.sendBeacon` as the page is hidden, into the histograms of `GET /api/metrics`.
 * Anyone may send one, as any page of the store may be open signed out: the app-origin check
 * of unsafe calls, a closed list of names and routes, bounded values, a 2 KB body and a
 * per-address limit keep what it accepts to what a page of the store could have measured.
 */
const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webVitals } = app.metrics;
  const limitBeacons = requestLimiter(
    app.services.limits,
    'web-vitals',
    app.config.limits.webVitals,
    'Too many Web Vitals reports. Please try again later.',
  );

  // sendBeacon cannot preflight, so the shell labels its JSON text/plain (a CORS-safelisted
  // type) to reach the api's origin. Read here only, with the JSON parser's own guards.
  app.removeContentTypeParser(TEXT);
  app.addContentTypeParser(TEXT, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      config: { contentTypes: [TEXT] },
      // Before the body is read: a flood is refused at the cheapest point, and counted whatever
      // it sends.
      onRequest: async (request) => limitBeacons(request.ip),
      schema: {
        tags,
        summary: "Report a page load's Web Vitals (LCP, CLS, INP)",
        description:
          'Unauthenticated; a browser must send it from an app origin. Observed into ' +
          '`store_web_vitals_lcp_seconds`, `store_web_vitals_inp_seconds` and ' +
          '`store_web_vitals_cls` by `route`. At most 2 KB, 10 metrics per beacon, ' +
          '`WEB_VITALS_PER_MINUTE` beacons per client address a minute.',
        body: beaconBody,
        response: {
          204: noBody('Recorded'),
          ...errors({
            400: 'Malformed JSON, an unknown name or route, a value out of bounds, or more than 10 metrics',
            403: 'A cross-site request: a foreign `Origin` with cookies',
            413: 'A body over 2 KB',
            415: 'A body that is neither JSON nor text/plain',
            429: 'Too many beacons from this address',
          }),
        },
      },
    },
    async (request, reply) => {
      const { route, metrics } = request.body;
      for (const { name, value } of metrics) webVitals.observe(name, route, value);
      return reply.code(204).send();
    },
  );
};

export default vitalsRoutes;
