import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { AppConfig } from '../config.ts';

export function helmetOptions(config: AppConfig): FastifyHelmetOptions {
  return {
    // The shell on another port of the same site embeds api-served images and files.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Plain-http development would otherwise be told to upgrade to https.
    hsts: config.isProduction,
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: config.isProduction ? [] : null },
    },
  };
}

/**
 * Helmet's headers for our options, asked of @fastify/helmet once on a throwaway instance.
 * Registered on the app, the plugin rebuilds every middleware (CSP string included) on each
 * request and sets a dozen headers one by one on the raw response: about half the cost of a
 * cached catalog answer. None of our options depends on the request, so the set is constant
 * and helmet stays the one that decides it (an upgrade changes it here too).
 */
export async function securityHeaders(config: AppConfig): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  let headers: Record<string, string> = {};
  probe.get('/', async (_request, reply) => {
    // Helmet writes straight to the raw response in onRequest; nothing else has yet.
    headers = Object.fromEntries(
      Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    return '';
  });
  try {
    await probe.inject({ method: 'GET', url: '/' });
  } finally {
    await probe.close();
  }
  if (!headers['content-security-policy']) throw new Error('helmet set no security headers');
  return headers;
}
