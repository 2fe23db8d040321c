import type { HeaderDocs } from '../../http/answers.ts';

/** The session cookies a sign-in or refresh sets; `docs/api.md` lists them. */
export const AUTH_COOKIES: HeaderDocs = {
  'set-cookie': {
    type: 'string',
    description:
      '`accessToken` (httpOnly, 15 min), `refreshToken` (httpOnly, `Path=/api/auth`) and ' +
      '`isLoggedIn=true` (readable by the client)',
  },
};

/** What logout and a refused refresh do to them. */
export const CLEARED_COOKIES: HeaderDocs = {
  'set-cookie': { type: 'string', description: 'All three session cookies, expired' },
};
