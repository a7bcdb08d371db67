// The people of organisations and the account calls made without signing in. The 'users' and
// 'portal/users' resources are ra-data-simple-rest over /v1, overriding only what spec point 7
// shapes otherwise: PATCH for a change, POST /v1/users/delete for deletes.
import type {
  CreateParams,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ApiClient } from '../api/apiClient.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import type {
  RegisterBody,
  RegistrationOptionsReply,
  ResetCodeReply,
  UnsubscribeBody,
  UnsubscribeReply,
} from '../domain/api/accounts.ts';
import type {
  AcceptInvitationBody,
  AcceptInvitationReply,
  CreateUserBody,
  DeleteUsersBody,
  InvitationBody,
  InvitationDetails,
  InvitationReply,
  InvitationValidateReply,
  ManagedOrganisationsReply,
  UserPatch,
  UserRecord,
} from '../domain/api/users.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';

export const userKeys = {
  organisations: ['managed-organisations'],
  invitation: (token: string) => ['invitation', token],
  resetCode: (code: string) => ['reset-code', code],
  registrationOptions: ['registration-options'],
  registrationConfirmation: (token: string) => ['registration-confirmation', token],
};

/** The spec's two user lists: one organisation's people, and a rental company's customers'. */
export type UserResourceName = 'users' | 'portal/users';

/** What changed in the form, as PATCH sends it: only those fields spec point 7 lets one change. */
function patchOf(data: Partial<UserRecord>, previous: Partial<UserRecord>): UserPatch {
  const patch: Record<string, unknown> = {};
  for (const key of [
    'firstName',
    'lastName',
    'role',
    'language',
    'timezone',
    'reportCategories',
  ] as const) {
    const value = data[key];
    if (
      value !== undefined &&
      value !== null &&
      JSON.stringify(value) !== JSON.stringify(previous[key])
    )
      patch[key] = value;
  }
  if (previous.organisationId) patch.organisationId = previous.organisationId;
  return patch as UserPatch;
}

export function userResource(client: ApiClient, name: UserResourceName) {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  const deleteUsers = (body: DeleteUsersBody) =>
    client.request<{ deleted: string[] }>(endpoints.users.delete, { method: 'POST', body });
  return {
    getList: (params: GetListParams) => rest.getList(name, params),
    // One user is read the same way from either list: the server knows whom the caller may see.
    getOne: (params: GetOneParams) => rest.getOne('users', params),
    getMany: (params: GetManyParams) => rest.getMany(name, params),
    // People join by invitation; only staff create an account directly (POST /v1/portal/users).
    create: async (params: CreateParams) => {
      if (name !== 'portal/users') throw new Error('People join by invitation');
      const data = await client.request<UserRecord>(endpoints.portal.users.root, {
        method: 'POST',
        body: params.data as CreateUserBody,
      });
      return { data };
    },
    update: async (params: UpdateParams) => {
      const body = patchOf(
        params.data as Partial<UserRecord>,
        params.previousData as Partial<UserRecord>,
      );
      const data = await client.request<UserRecord>(
        pathTo(endpoints.users.item, { id: params.id }),
        {
          method: 'PATCH',
          body,
        },
      );
      return { data };
    },
    delete: async (params: DeleteParams) => {
      const previous = params.previousData as Partial<UserRecord> | undefined;
      await deleteUsers({
        userIds: [String(params.id)],
        ...(previous?.organisationId ? { organisationId: previous.organisationId } : {}),
      });
      return { data: params.previousData ?? { id: params.id } };
    },
    deleteMany: async (params: DeleteManyParams) => {
      const ids = params.ids.map(String);
      if (name === 'users') return { data: (await deleteUsers({ userIds: ids })).deleted };
      // Customers' people: each removed from the organisation the row is about.
      const { data } = await rest.getMany(name, { ids });
      const byOrganisation = new Map<string, string[]>();
      for (const user of data as UserRecord[])
        byOrganisation.set(user.organisationId, [
          ...(byOrganisation.get(user.organisationId) ?? []),
          user.id,
        ]);
      const deleted: string[] = [];
      for (const [organisationId, userIds] of byOrganisation)
        deleted.push(...(await deleteUsers({ userIds, organisationId })).deleted);
      return { data: deleted };
    },
  };
}

export function userCalls(client: ApiClient) {
  const open = { authenticated: false } as const;
  return {
    getManagedOrganisations: () =>
      client.request<ManagedOrganisationsReply>(endpoints.portal.users.organisations),
    validateInvitation: (emails: string[], organisationId?: string) =>
      client.request<InvitationValidateReply>(endpoints.users.invitationValidate, {
        method: 'POST',
        body: { emails, ...(organisationId ? { organisationId } : {}) },
      }),
    invite: (body: InvitationBody) =>
      client.request<InvitationReply>(endpoints.users.invitation, { method: 'POST', body }),
    reinvite: (id: string, organisationId?: string) =>
      client.request<UserRecord>(pathTo(endpoints.users.reinvite, { id }), {
        method: 'POST',
        query: { organisationId },
      }),
    getInvitation: (token: string) =>
      client.request<InvitationDetails>(endpoints.users.invitation, { ...open, query: { token } }),
    acceptInvitation: (body: AcceptInvitationBody) =>
      client.request<AcceptInvitationReply>(endpoints.users.invitationAccept, {
        ...open,
        method: 'POST',
        body,
      }),
    requestPasswordReset: async (email: string) => {
      await client.request(endpoints.auth.resetPassword, {
        ...open,
        method: 'POST',
        body: { email },
      });
    },
    checkResetCode: (code: string) =>
      client.request<ResetCodeReply>(endpoints.auth.resetPasswordCheck, {
        ...open,
        method: 'POST',
        body: { code },
      }),
    confirmPasswordReset: async (code: string, password: string) => {
      await client.request(endpoints.auth.resetPasswordConfirm, {
        ...open,
        method: 'POST',
        body: { code, password },
      });
    },
    getRegistrationOptions: () =>
      client.request<RegistrationOptionsReply>(endpoints.auth.registration, open),
    register: async (body: RegisterBody) => {
      await client.request(endpoints.auth.register, { ...open, method: 'POST', body });
    },
    confirmRegistration: (token: string) =>
      client.request<ResetCodeReply>(endpoints.auth.registerConfirm, {
        ...open,
        method: 'POST',
        body: { token },
      }),
    unsubscribe: (body: UnsubscribeBody) =>
      client.request<UnsubscribeReply>(endpoints.users.unsubscribe, {
        ...open,
        method: 'POST',
        body,
      }),
  };
}
