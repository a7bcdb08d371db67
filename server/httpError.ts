// An error that carries its HTTP status and stable code to the one JSON error shape.
import { ERROR_CODES } from '../src/domain/api/errors.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly rows?: { row: number; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, ERROR_CODES.validation, message, field);
export const unauthorised = (message = 'Authentication required') =>
  new HttpError(401, ERROR_CODES.unauthorised, message);
export const forbidden = (message: string) => new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new HttpError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, ERROR_CODES.conflict, message, field);
export const gone = (message: string) => new HttpError(410, ERROR_CODES.gone, message);
export const unsupportedMediaType = (field: string, message: string) =>
  new HttpError(415, ERROR_CODES.unsupportedMediaType, message, field);
/** A file refused for its rows: each bad row with its number. */
export const badRows = (field: string, message: string, rows: { row: number; message: string }[]) =>
  new HttpError(400, ERROR_CODES.validation, message, field, {}, rows);
