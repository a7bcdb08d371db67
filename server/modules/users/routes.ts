// GET /v1/me and GET /v1/users/settings for the signed-in user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MeReply, UserSettingsPatch, UserSettingsReply } from '../../../src/domain/api/session.ts';
import type { ServerContext } from '../../context.ts';
import { unauthorised } from '../../httpError.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { readUserSettings, updateOwnSettings } from './ownSettings.ts';
import { getMemberships, getUser } from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const userRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  /** The caller, their organisations and the one the token is scoped to; 401 if any has gone. */
  async function session(userId: string, organisationId: string) {
    const [user, memberships, organisation] = await Promise.all([
      getUser(db, userId),
      getMemberships(db, userId),
      getOrganisation(db, organisationId),
    ]);
    const membership = memberships.find((m) => m.organisationId === organisationId);
    if (!user || !organisation || !membership)
      throw unauthorised('The session no longer matches a user');
    return { user, memberships, organisation, membership };
  }

  app.get(
    endpoints.me.root,
    { config: { access: 'read' }, schema: { tags: ['users'], response: { 200: MeReply } } },
    async (request) => {
      const { user, memberships, organisation, membership } = await session(
        request.auth.sub,
        request.auth.org,
      );
      return {
        user: {
          id: user.id,
          role: membership.role,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          lastLogin: user.lastLogin?.toISOString() ?? null,
        },
        organisation: {
          id: organisation.id,
          name: organisation.name,
          type: organisation.type,
          rental: organisation.type !== 'end-user',
          availableOrgs: memberships.map((m) => ({
            id: m.organisationId,
            name: m.name,
            type: m.type,
          })),
        },
      };
    },
  );

  app.get(
    endpoints.users.settings,
    {
      config: { access: 'read' },
      schema: { tags: ['users'], response: { 200: UserSettingsReply } },
    },
    async (request) => {
      const { user, memberships, organisation } = await session(request.auth.sub, request.auth.org);
      return readUserSettings(db, user, memberships, organisation);
    },
  );

  app.patch(
    endpoints.users.settings,
    {
      config: { access: 'read' },
      schema: {
        tags: ['users'],
        body: UserSettingsPatch,
        response: { 200: UserSettingsReply },
      },
    },
    async (request) => {
      const { user, organisation } = await session(request.auth.sub, request.auth.org);
      await updateOwnSettings(db, user, organisation, request.body);
      const { user: changed, memberships } = await session(request.auth.sub, request.auth.org);
      return readUserSettings(db, changed, memberships, organisation);
    },
  );
};
