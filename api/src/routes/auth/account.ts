import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLimiter } from '../../services/request-limit.ts';
import { toPublicUser } from '../../services/users.ts';
import { loginBody, signupBody, tokenParams } from './schemas.ts';
import { sendSessionCookies } from './session-cookies.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  // Per address, before the password hash: a burst of sign-ups costs neither CPU nor mail.
  const limitSignup = requestLimiter(
    app.services.limits,
    'signup',
    app.config.limits.signup,
    'Too many sign-up attempts. Please try again later.',
  );

  app.post('/signup', { schema: { body: signupBody } }, async (request, reply) => {
    const { name, email, password } = request.body;
    await limitSignup(request.ip);
    await auth.signup({ name, email, password });
    return reply
      .code(201)
      .send({ message: 'Account created! Please check your email for verification.' });
  });

  app.get('/verify-email/:token', { schema: { params: tokenParams } }, async (request) => {
    const user = await auth.verifyEmail(request.params.token);
    return { message: 'Email verified successfully! You can now log in.', user };
  });

  app.post('/login', { schema: { body: loginBody } }, async (request, reply) => {
    const { user, session } = await auth.login(request.body, request.ip);
    sendSessionCookies(app, reply, session);
    return toPublicUser(user);
  });
};

export default routes;
