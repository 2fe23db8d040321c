import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

const STORE_SITES = new Set(['same-origin', 'same-site']);
const NAVIGATIONS = new Set(['navigate', 'nested-navigate']);

/**
 * For a GET that spends something (a download link counts a download): only the store's own
 * pages may ask, by fetch. A browser says who asks (`Sec-Fetch-Site`, `Sec-Fetch-Mode`,
 * `Origin` on a cross-origin fetch), so a link or redirect on another site, or a navigation of
 * any kind, is refused before anything is counted. A client that sends none of them (curl, a
 * script with the session) passes, as for the CSRF check.
 */
export function createSameSiteFetchCheck(config: AppConfig) {
  const allowed = new Set(config.appOrigins);
  return async function requireSameSiteFetch(request: FastifyRequest): Promise<void> {
    const site = request.headers['sec-fetch-site'];
    const mode = request.headers['sec-fetch-mode'];
    const origin = request.headers.origin;
    const fromElsewhere = site !== undefined && !STORE_SITES.has(site);
    const navigation = mode !== undefined && NAVIGATIONS.has(mode);
    const foreignOrigin = origin !== undefined && !allowed.has(origin);
    if (fromElsewhere || navigation || foreignOrigin) {
      throw new HttpError(403, "Downloads start from the store's own pages");
    }
  };
}
