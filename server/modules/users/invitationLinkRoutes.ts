// An invitation's link (spec point 8): read what it invites to, and accept it. Public: the token
// is the permission, looked up under the sign-in throttle.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptInvitationBody,
  AcceptInvitationReply,
  InvitationDetails,
  TokenQuery,
} from '../../../src/domain/api/users.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest } from '../../httpError.ts';
import { hashPassword } from '../../security/passwords.ts';
import { throttledLookup } from '../../security/tokenLookup.ts';
import { type AccountToken, findAccountToken, requireStrongPassword } from '../accounts/index.ts';
import {
  acceptInvitation,
  invitationDetails,
  invitedAccount,
  refuseToken,
} from './invitationLinks.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const invitationLinkRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, signInLimits },
) => {
  /** The invitation a link names, throttled, refused with its code unless it can be used. */
  async function usableInvitation(address: string, token: string): Promise<AccountToken> {
    const found = await throttledLookup(db, signInLimits.token, address, 'invitation', () =>
      findAccountToken(db, 'invitation', token),
    );
    refuseToken(found);
    return found;
  }

  app.get(
    endpoints.users.invitation,
    {
      config: { access: 'public' },
      schema: { tags: ['users'], querystring: TokenQuery, response: { 200: InvitationDetails } },
    },
    async (request) =>
      invitationDetails(db, await usableInvitation(request.ip, request.query.token)),
  );

  app.post(
    endpoints.users.invitationAccept,
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        body: AcceptInvitationBody,
        response: { 200: AcceptInvitationReply },
      },
    },
    async (request) => {
      const invitation = await usableInvitation(request.ip, request.body.token);
      const user = await invitedAccount(db, invitation);
      const { password, firstName, lastName } = request.body;
      let passwordHash: string | null = null;
      if (!user.has_password) {
        if (!password) throw badRequest('password', 'A new account needs a password');
        requireStrongPassword(password, [
          user.email,
          firstName ?? user.first_name,
          lastName ?? user.last_name,
        ]);
        passwordHash = await hashPassword(password);
      }
      return acceptInvitation(db, invitation, {
        email: user.email,
        passwordHash,
        firstName,
        lastName,
      });
    },
  );
};
