// The one JSON error shape that every failing /v1 call answers with.
import Type, { type Static } from 'typebox';

export const ApiError = Type.Object({
  statusCode: Type.Integer(),
  /** Stable machine-readable code, e.g. VALIDATION, UNAUTHORISED, TOO_MANY_ATTEMPTS. */
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
  /** The request field at fault, for a 400. */
  field: Type.Optional(Type.String()),
  /** For an uploaded file: each bad row, numbered from 1 at the header. */
  rows: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), message: Type.String() }))),
  requestId: Type.Optional(Type.String()),
});
export type ApiError = Static<typeof ApiError>;

export const ERROR_CODES = {
  validation: 'VALIDATION',
  unauthorised: 'UNAUTHORISED',
  forbidden: 'FORBIDDEN',
  /** The call belongs to a module or screen switched off for the caller's organisation. */
  moduleDisabled: 'MODULE_DISABLED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  gone: 'GONE',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
} as const;
