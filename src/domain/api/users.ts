// Users of an organisation and invitations (spec point 7, Authentication and users): the shapes
// the portal and the server share.
import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES, ORGANISATION_TYPES, ROLES } from '../constants.ts';
import { REPORT_CATEGORY_IDS } from './reportTypes.ts';

const Id = Type.String({ format: 'uuid' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
const Name = Type.String({ maxLength: 100 });

export const USER_STATUSES = ['active', 'invited', 'invitation-expired'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const UserRecord = Type.Object({
  id: Id,
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  /** The role in `organisationId`, the organisation this row is about. */
  role: Type.Enum(ROLES),
  organisationId: Id,
  organisationName: Type.String(),
  status: Type.Enum(USER_STATUSES),
  lastLogin: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.Enum(LANGUAGE_CODES), Type.Null()]),
  timezone: Type.Union([Type.String(), Type.Null()]),
  /** The report categories the user gets in `organisationId` (every one until an admin chooses). */
  reportCategories: Type.Array(Type.Enum(REPORT_CATEGORY_IDS)),
  /** The user's organisations that the caller may see too. */
  organisations: Type.Array(Type.Object({ id: Id, name: Type.String(), role: Type.Enum(ROLES) })),
  invitedAt: Type.Union([Type.String(), Type.Null()]),
  /** Whether the account signs in with a second factor (issue 45: staff see who has one). */
  secondFactor: Type.Boolean(),
});
export type UserRecord = Static<typeof UserRecord>;

/**
 * ra-data-simple-rest's list query: `sort=["lastName","ASC"]`, `range=[0,24]` and
 * `filter={"q":"ann","role":"viewer"}`, each JSON text; the total comes back in Content-Range.
 */
export const UserListQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

export const USER_SORT_FIELDS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'role',
  'status',
  'lastLogin',
  'organisationName',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** What `filter` may hold. */
export interface UserListFilter {
  q?: string;
  role?: (typeof ROLES)[number];
  status?: UserStatus;
  /** One organisation of those the caller manages; the caller's own when absent. */
  organisationId?: string;
  /** getMany's ids. */
  id?: string[];
}

export const UserPatch = Type.Object(
  {
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    role: Type.Optional(Type.Enum(ROLES)),
    language: Type.Optional(Type.Enum(LANGUAGE_CODES)),
    timezone: Type.Optional(Type.String({ format: 'time-zone', maxLength: 64 })),
    reportCategories: Type.Optional(
      Type.Array(Type.Enum(REPORT_CATEGORY_IDS), {
        maxItems: REPORT_CATEGORY_IDS.length,
        uniqueItems: true,
      }),
    ),
    /** Which of the user's organisations the role applies to; the caller's own by default. */
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserPatch = Static<typeof UserPatch>;

export const UserIdQuery = Type.Object(
  { organisationId: Type.Optional(Id) },
  { additionalProperties: false },
);

export const DeleteUsersBody = Type.Object(
  {
    userIds: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }),
    /** The organisation they are removed from; the caller's own by default. */
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type DeleteUsersBody = Static<typeof DeleteUsersBody>;

/** A change that would leave an organisation without an admin. */
export const LAST_ADMIN = 'LAST_ADMIN';

export const DeleteUsersReply = Type.Object({ deleted: Type.Array(Id) });

/** Staff create a user directly, with a password, without an invitation. */
export const CreateUserBody = Type.Object(
  {
    email: Email,
    firstName: Name,
    lastName: Name,
    role: Type.Enum(ROLES),
    organisationId: Id,
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const ManagedOrganisationsReply = Type.Object({
  organisations: Type.Array(
    Type.Object({ id: Id, name: Type.String(), type: Type.Enum(ORGANISATION_TYPES) }),
  ),
});
export type ManagedOrganisationsReply = Static<typeof ManagedOrganisationsReply>;

// Invitations.

export const InvitationValidateBody = Type.Object(
  {
    emails: Type.Array(Email, { minItems: 1, maxItems: 100 }),
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type InvitationValidateBody = Static<typeof InvitationValidateBody>;

export const INVITATION_ERROR_CODES = ['EMAIL_ALREADY_EXISTS'] as const;
/** Each address that cannot be invited, with why. */
export const InvitationValidateReply = Type.Array(
  Type.Object({ email: Type.String(), code: Type.Enum(INVITATION_ERROR_CODES) }),
);
export type InvitationValidateReply = Static<typeof InvitationValidateReply>;

export const InvitationBody = Type.Object(
  {
    emails: Type.Array(Email, { minItems: 1, maxItems: 100 }),
    role: Type.Enum(ROLES),
    /** The caller's own organisation, or a customer it hires to; the caller's own by default. */
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type InvitationBody = Static<typeof InvitationBody>;

export const InvitationReply = Type.Object({
  invited: Type.Array(UserRecord),
  /** Addresses already in the organisation: left out, the others invited (spec point 5). */
  skipped: InvitationValidateReply,
});
export type InvitationReply = Static<typeof InvitationReply>;

const Token = Type.String({ minLength: 10, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });
export const TokenQuery = Type.Object({ token: Token }, { additionalProperties: false });

export const INVITATION_TOKEN_CODES = ['INVALID_TOKEN', 'EXPIRED', 'ALREADY_ACCEPTED'] as const;

export const InvitationDetails = Type.Object({
  email: Type.String(),
  organisationName: Type.String(),
  role: Type.Enum(ROLES),
  invitedBy: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String(),
  /** True when the address already has a password: accepting links it to one more organisation. */
  accountExists: Type.Boolean(),
});
export type InvitationDetails = Static<typeof InvitationDetails>;

export const AcceptInvitationBody = Type.Object(
  {
    token: Token,
    /** Required for a new account; ignored when the account exists. */
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
  },
  { additionalProperties: false },
);
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

export const AcceptInvitationReply = Type.Object({
  email: Type.String(),
  organisationId: Id,
  organisationName: Type.String(),
});
export type AcceptInvitationReply = Static<typeof AcceptInvitationReply>;
