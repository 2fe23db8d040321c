import type { FastifyPluginAsync } from 'fastify';
import account from './account.ts';
import profile from './profile.ts';
import session from './session.ts';

const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(account);
  await app.register(session);
  await app.register(profile);
};

export default authRoutes;
