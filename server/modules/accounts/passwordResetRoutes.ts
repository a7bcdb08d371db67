// Password reset (spec points 7 and 8): ask for a link by e-mail, check its code, set a new
// password. The request answers the same, as fast, whether or not the address exists (the mail is
// made after the reply); a reset ends every session of the user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ResetCodeBody,
  ResetCodeReply,
  ResetConfirmBody,
  ResetPasswordBody,
} from '../../../src/domain/api/accounts.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { hashPassword } from '../../security/passwords.ts';
import { throttle } from '../../security/throttle.ts';
import { sendMail } from '../mail/index.ts';
import { findAccountToken, issueAccountToken, useAccountToken } from './accountTokens.ts';
import { recordAudit } from '../audit/index.ts';
import { passwordResetMail } from './mails.ts';
import { mailLanguage } from './mailLanguage.ts';
import { requireStrongPassword } from './passwordStrength.ts';
import { throttledLookup } from '../../security/tokenLookup.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const codeError = (code: string, message: string) => new HttpError(400, code, message, 'code');

interface ResetSubject {
  tokenId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The user a reset code is for, or the code's error of spec point 8. */
async function checkCode(
  { db, signInLimits }: Pick<ServerContext, 'db' | 'signInLimits'>,
  address: string,
  code: string,
): Promise<ResetSubject> {
  const token = await throttledLookup(db, signInLimits.token, address, 'password-reset', () =>
    findAccountToken(db, 'password-reset', code),
  );
  if (!token || token.state === 'used' || token.state === 'revoked')
    throw codeError('INVALID_CODE', 'This reset link is not valid; ask for a new one');
  if (token.state === 'expired')
    throw codeError('EXPIRED_CODE', 'This reset link has expired; ask for a new one');
  const [user] = await db.query<{
    email: string;
    first_name: string;
    last_name: string;
    disabled: boolean;
  }>(
    'SELECT email, first_name, last_name, disabled_at IS NOT NULL AS disabled FROM app_user WHERE id = $1',
    [token.userId],
  );
  if (!user) throw codeError('INVALID_CODE', 'This reset link is not valid; ask for a new one');
  if (user.disabled) throw codeError('USER_DISABLED', 'This account has been disabled');
  return {
    tokenId: token.id,
    userId: token.userId,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
  };
}

export const passwordResetRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  context,
) => {
  const { db, config, signInLimits, sessions, afterReply } = context;
  app.post(
    endpoints.auth.resetPassword,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ResetPasswordBody, response: { 202: {} } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      // Counted whether or not the address exists, so the limit tells nothing either.
      await throttle(db, `reset-mail:${email}`, signInLimits.accountMail, 'reset requests');
      await throttle(
        db,
        `reset-mail-address:${request.ip}`,
        signInLimits.address,
        'reset requests',
      );
      // The lookup and the mail run after the reply, so its time is the same for any address.
      const acceptLanguage = request.headers['accept-language'];
      afterReply.run(reply, 'password reset mail', async () => {
        const [user] = await db.query<{ id: string }>(
          `SELECT u.id FROM app_user u
            WHERE lower(u.email) = $1 AND u.disabled_at IS NULL AND u.password_hash IS NOT NULL`,
          [email],
        );
        if (user) {
          const mail = await db.transaction(async (tx) => {
            const { token, expiresAt } = await issueAccountToken(
              tx,
              'password-reset',
              { userId: user.id },
              config.passwordResetTtlS,
            );
            const language = await mailLanguage(tx, email, { acceptLanguage });
            return passwordResetMail(config.publicUrl, language, {
              to: email,
              code: token,
              expiresAt,
            });
          });
          await sendMail(db, config, request.log, [mail]);
        }
      });
      return reply.code(202).send({});
    },
  );

  app.post(
    endpoints.auth.resetPasswordCheck,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ResetCodeBody, response: { 200: ResetCodeReply } },
    },
    async (request) => ({ email: (await checkCode(context, request.ip, request.body.code)).email }),
  );

  app.post(
    endpoints.auth.resetPasswordConfirm,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ResetConfirmBody, response: { 204: {} } },
    },
    async (request, reply) => {
      const subject = await checkCode(context, request.ip, request.body.code);
      requireStrongPassword(request.body.password, [
        subject.email,
        subject.firstName,
        subject.lastName,
      ]);
      const hash = await hashPassword(request.body.password);
      const ended = await db.transaction(async (tx) => {
        if (!(await useAccountToken(tx, subject.tokenId)))
          throw codeError('INVALID_CODE', 'This reset link was already used; ask for a new one');
        // Following the link proves the address too.
        await tx.query(
          `UPDATE app_user SET password_hash = $2, email_confirmed_at = coalesce(email_confirmed_at, now())
            WHERE id = $1`,
          [subject.userId, hash],
        );
        await recordAudit(tx, {
          action: 'password.reset',
          organisationId: null,
          actorUserId: subject.userId,
          subjectUserId: subject.userId,
        });
        return liveSessions(tx, subject.userId);
      });
      // Whoever knew the old password is signed out everywhere.
      for (const sessionId of ended) await sessions.end(sessionId, 'password-reset');
      return reply.code(204).send();
    },
  );
};

export async function liveSessions(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM auth_session WHERE user_id = $1 AND ended_at IS NULL',
    [userId],
  );
  return rows.map((row) => row.id);
}
