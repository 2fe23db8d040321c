import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';

/** Who is signed in on a request, and in which session. */
export interface Viewer {
  user: User;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` and `requireAdmin` guards (plugins/auth-guard.ts). */
    viewer: Viewer | null;
  }
}

/** Returns the signed-in viewer, set by `requireUser` / `requireAdmin` on guarded routes. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new HttpError(401, 'Not authenticated');
  return request.viewer;
}
