import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../plugins/auth-guard.ts';
import { toPublicUser } from '../../services/users.ts';
import { changePasswordBody, forgotBody, profileBody, resetBody, tokenParams } from './schemas.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { auth, passwords } = app.services;

  app.get('/profile', { onRequest: app.requireUser }, async (request) => {
    return toPublicUser(viewerOf(request).user);
  });

  app.put(
    '/profile',
    { onRequest: app.requireUser, schema: { body: profileBody } },
    async (request) => {
      const user = await auth.updateName(viewerOf(request).user.id, request.body.name);
      return { message: 'Profile updated successfully', user: toPublicUser(user) };
    },
  );

  app.put(
    '/change-password',
    { onRequest: app.requireUser, schema: { body: changePasswordBody } },
    async (request) => {
      const viewer = viewerOf(request);
      await passwords.changePassword(viewer.user.id, viewer.sessionId, request.body);
      return { message: 'Password changed successfully' };
    },
  );

  app.post('/forgot-password', { schema: { body: forgotBody } }, async (request) => {
    await passwords.forgotPassword(request.body.email);
    return {
      message: 'If an account exists for this email, a password reset link has been sent.',
    };
  });

  app.post(
    '/reset-password/:token',
    { schema: { params: tokenParams, body: resetBody } },
    async (request) => {
      await passwords.resetPassword(request.params.token, request.body.password);
      return { message: 'Password reset successfully. You can now log in with your new password.' };
    },
  );
};

export default routes;
