// POST /v1/client-errors: an unexpected error the portal met (spec point 8: a machine list failure
// and a dashboard load error are reported), sent so that someone can look into it.
import Type, { type Static } from 'typebox';

/** Where in the portal the error happened: the spec's two cases, the error screen, lazy screens. */
export const CLIENT_ERROR_KINDS = [
  'machine-list',
  'dashboard',
  'error-screen',
  'lazy-load',
] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const ClientErrorReport = Type.Object(
  {
    kind: Type.Enum(CLIENT_ERROR_KINDS),
    message: Type.String({ maxLength: 1000 }),
    /** The screen's path and query. */
    screen: Type.String({ maxLength: 2000 }),
    /** The failed call's status and request id, when a call failed. */
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    requestId: Type.Optional(Type.String({ maxLength: 64 })),
    stack: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReport>;
