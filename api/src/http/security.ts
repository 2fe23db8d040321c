/** The OpenAPI security scheme of signed-in calls: the httpOnly access-token cookie. */
export const SESSION_SCHEME = {
  sessionCookie: {
    type: 'apiKey' as const,
    in: 'cookie',
    name: 'accessToken',
    description:
      'Set by `POST /api/auth/login` (15 minutes; `POST /api/auth/refresh-token` renews it)',
  },
};

/** `security` of a route that needs a session (admin routes check the role on top). */
export const SIGNED_IN_ONLY = [{ sessionCookie: [] }];
