import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBody,
  messageAnswer,
  publicUser,
  resendVerificationBody,
  signupBody,
  tokenParams,
  verifiedAnswer,
} from '@store/contract';
import { requestLimiter } from '../../infrastructure/request-limit.ts';
import { toPublicUser } from '../users.ts';
import { json } from '../../http/answers.ts';
import { errors, UNSAFE } from '../../http/errors.ts';
import { AUTH_COOKIES } from './cookies-doc.ts';
import { sendSessionCookies } from './session-cookies.ts';

const tags = ['Auth'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  // Per address, before the password hash: a burst of sign-ups costs neither CPU nor mail.
  const limitSignup = requestLimiter(
    app.services.limits,
    'signup',
    app.config.limits.signup,
    'Too many sign-up attempts. Please try again later.',
  );

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Create an account',
        description: 'Mails a verification link (`/verify-email/:token`, valid 24 h).',
        body: signupBody,
        response: {
          201: json('Account created; the verification mail is on its way', messageAnswer),
          ...errors(UNSAFE, {
            409:
              'An account with this e-mail exists; `emailVerificationRequired` when it is not ' +
              'verified yet (`POST /api/auth/resend-verification` mails a new link)',
            429: 'Too many sign-ups from this address',
          }),
        },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await limitSignup(request.ip);
      await auth.signup({ name, email, password });
      return reply
        .code(201)
        .send({ message: 'Account created! Please check your email for verification.' });
    },
  );

  app.get(
    '/verify-email/:token',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail address',
        description: 'The token of the mailed link; single use. Issues the welcome coupon.',
        params: tokenParams,
        response: {
          200: json('Verified', verifiedAnswer),
          ...errors({ 400: 'An invalid, used or expired link' }),
        },
      },
    },
    async (request) => {
      const user = await auth.verifyEmail(request.params.token);
      return { message: 'Email verified successfully! You can now log in.', user };
    },
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags,
        summary: 'Mail a new verification link',
        description:
          'The same answer whether or not the address is registered or already verified; an ' +
          'unverified account gets a new link (`/verify-email/:token`, valid 24 h) and its ' +
          'earlier links stop working.',
        body: resendVerificationBody,
        response: {
          200: json('Accepted (whatever the state of the address)', messageAnswer),
          ...errors(UNSAFE, { 429: 'Too many verification mails asked for this e-mail' }),
        },
      },
    },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return {
        message:
          'If this email belongs to an account awaiting verification, a new verification link has been sent.',
      };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'Without `rememberMe` the refresh and indicator cookies end with the browser session.',
        body: loginBody,
        response: {
          200: json('Signed in: the user, and the session cookies', publicUser, AUTH_COOKIES),
          ...errors(UNSAFE, {
            401: 'Wrong e-mail or password (one message for both)',
            403: 'The e-mail is not verified yet (`emailVerificationRequired`; a new mail is sent)',
            429: 'Too many failed attempts for this e-mail and address',
          }),
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.login(request.body, request.ip);
      await sendSessionCookies(app, reply, session);
      return toPublicUser(user);
    },
  );
};

export default routes;
