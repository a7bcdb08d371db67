// Registering a new organisation with its first admin (/register), confirmed by e-mail before the
// first sign-in. REGISTRATION=closed (the default outside the demo) turns it off.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfirmRegistrationBody,
  REGISTRATION_CLOSED,
  RegisterBody,
  RegistrationOptionsReply,
  ResetCodeReply,
} from '../../../src/domain/api/accounts.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../httpError.ts';
import { hashPassword } from '../../security/passwords.ts';
import { throttle } from '../../security/throttle.ts';
import { sendMail } from '../mail/index.ts';
import { findAccountToken, issueAccountToken, useAccountToken } from './accountTokens.ts';
import { recordAudit } from '../audit/index.ts';
import { alreadyRegisteredMail, registrationMail } from './mails.ts';
import { acceptedLanguage, mailLanguage } from './mailLanguage.ts';
import { requireStrongPassword } from './passwordStrength.ts';
import { throttledLookup } from '../../security/tokenLookup.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tokenError = (code: string, message: string) => new HttpError(400, code, message, 'token');

export const registrationRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config, signInLimits },
) => {
  const open = config.registration === 'open';

  app.get(
    endpoints.auth.registration,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: RegistrationOptionsReply } },
    },
    async () => ({ open }),
  );

  app.post(
    endpoints.auth.register,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: RegisterBody, response: { 202: {} } },
    },
    async (request, reply) => {
      if (!open)
        throw new HttpError(403, REGISTRATION_CLOSED, 'This portal does not take registrations');
      const body = request.body;
      const email = body.email.toLowerCase();
      await throttle(db, `register:${request.ip}`, signInLimits.accountMail, 'registrations');
      requireStrongPassword(body.password, [
        email,
        body.firstName,
        body.lastName,
        body.organisationName,
      ]);
      const hash = await hashPassword(body.password);
      const language = acceptedLanguage(request.headers['accept-language']) ?? 'en';
      const mail = await db.transaction(async (tx) => {
        const [existing] = await tx.query('SELECT 1 FROM app_user WHERE lower(email) = $1', [
          email,
        ]);
        // The same reply either way: the owner of the address learns the rest by mail.
        if (existing)
          return alreadyRegisteredMail(
            config.publicUrl,
            await mailLanguage(tx, email, { acceptLanguage: request.headers['accept-language'] }),
            email,
          );
        const [organisation] = await tx.query<{ id: string }>(
          'INSERT INTO organisation (name, type, timezone) VALUES ($1, $2, $3) RETURNING id',
          [body.organisationName.trim(), body.organisationType, body.timezone],
        );
        const [user] = await tx.query<{ id: string }>(
          `INSERT INTO app_user (email, first_name, last_name, password_hash, settings, email_confirmed_at)
           VALUES ($1, $2, $3, $4, $5, NULL) RETURNING id`,
          [
            email,
            body.firstName,
            body.lastName,
            hash,
            JSON.stringify({ timezone: body.timezone, language }),
          ],
        );
        if (!organisation || !user) throw new Error('registration not stored');
        await tx.query(
          `INSERT INTO membership (user_id, organisation_id, role, is_default) VALUES ($1, $2, 'admin', true)`,
          [user.id, organisation.id],
        );
        await recordAudit(tx, {
          action: 'organisation.registered',
          organisationId: organisation.id,
          actorUserId: user.id,
          subjectUserId: user.id,
          details: { name: body.organisationName, type: body.organisationType },
        });
        const { token, expiresAt } = await issueAccountToken(
          tx,
          'registration',
          { userId: user.id, organisationId: organisation.id },
          config.registrationTtlS,
        );
        return registrationMail(config.publicUrl, language, {
          to: email,
          token,
          expiresAt,
          organisationName: body.organisationName,
        });
      });
      await sendMail(db, config, request.log, [mail]);
      return reply.code(202).send({});
    },
  );

  app.post(
    endpoints.auth.registerConfirm,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ConfirmRegistrationBody, response: { 200: ResetCodeReply } },
    },
    async (request) => {
      const token = await throttledLookup(db, signInLimits.token, request.ip, 'registration', () =>
        findAccountToken(db, 'registration', request.body.token),
      );
      if (!token || token.state === 'revoked')
        throw tokenError('INVALID_TOKEN', 'This confirmation link is not valid');
      if (token.state === 'used')
        throw tokenError('ALREADY_ACCEPTED', 'This address is already confirmed; sign in');
      if (token.state === 'expired')
        throw tokenError('EXPIRED', 'This confirmation link has expired; register again');
      return db.transaction(async (tx) => {
        if (!(await useAccountToken(tx, token.id)))
          throw tokenError('ALREADY_ACCEPTED', 'This address is already confirmed; sign in');
        const [user] = await tx.query<{ email: string }>(
          'UPDATE app_user SET email_confirmed_at = now() WHERE id = $1 RETURNING email',
          [token.userId],
        );
        return { email: user?.email ?? '' };
      });
    },
  );
};
