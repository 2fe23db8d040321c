import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  forgotBody,
  messageAnswer,
  profileAnswer,
  profileBody,
  publicUser,
  resetBody,
  tokenParams,
} from '@store/contract';
import { viewerOf } from '../viewer.ts';
import { toPublicUser } from '../users.ts';
import { json } from '../../http/answers.ts';
import { errors, SIGNED_IN, UNSAFE } from '../../http/errors.ts';
import { SIGNED_IN_ONLY } from '../../http/security.ts';

const tags = ['Auth'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { auth, passwords } = app.services;

  app.get(
    '/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: SIGNED_IN_ONLY,
        response: { 200: json('The user', publicUser), ...errors(SIGNED_IN) },
      },
    },
    async (request) => {
      return toPublicUser(viewerOf(request).user);
    },
  );

  app.put(
    '/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the display name',
        security: SIGNED_IN_ONLY,
        body: profileBody,
        response: { 200: json('Updated', profileAnswer), ...errors(UNSAFE, SIGNED_IN) },
      },
    },
    async (request) => {
      const user = await auth.updateName(viewerOf(request).user.id, request.body.name);
      return { message: 'Profile updated successfully', user: toPublicUser(user) };
    },
  );

  app.put(
    '/change-password',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the password',
        description: "Ends the user's other sessions; this one stays signed in.",
        security: SIGNED_IN_ONLY,
        body: changePasswordBody,
        response: {
          200: json('Changed', messageAnswer),
          ...errors(UNSAFE, SIGNED_IN, {
            400: 'The current password is wrong',
            429: 'Too many attempts by this user',
          }),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await passwords.changePassword(viewer.user.id, viewer.sessionId, request.body);
      return { message: 'Password changed successfully' };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description:
          'The same answer whether or not the account exists; the link (`/reset-password/:token`) ' +
          'is valid 1 h, single use.',
        body: forgotBody,
        response: {
          200: json('Accepted (whether or not the account exists)', messageAnswer),
          ...errors(UNSAFE, { 429: 'Too many reset requests for this e-mail' }),
        },
      },
    },
    async (request) => {
      await passwords.forgotPassword(request.body.email);
      return {
        message: 'If an account exists for this email, a password reset link has been sent.',
      };
    },
  );

  app.post(
    '/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with a mailed token',
        description: 'Ends every session of the user.',
        params: tokenParams,
        body: resetBody,
        response: {
          200: json('Reset', messageAnswer),
          ...errors(UNSAFE, {
            400: 'An invalid, used or expired link',
            429: 'Too many attempts from this address',
          }),
        },
      },
    },
    async (request) => {
      await passwords.resetPassword(request.params.token, request.body.password, request.ip);
      return { message: 'Password reset successfully. You can now log in with your new password.' };
    },
  );
};

export default routes;
