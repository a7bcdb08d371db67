// The one file of a multipart request, read whole up to a size: a 400 naming the field when none
// was sent or its name is not storable text, a 413 naming it when it is larger than the limit.
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/domain/api/errors.ts';
import { badRequest, HttpError } from '../httpError.ts';
import { assertText } from '../plugins/text.ts';

export interface Upload {
  bytes: Buffer;
  filename: string;
}

export async function readUpload(
  request: FastifyRequest,
  { field, noun, maxBytes }: { field: string; noun: string; maxBytes: number },
): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(field, `Send the ${noun} as a multipart file`);
  const file = await request.file({ limits: { fileSize: maxBytes } });
  if (!file) throw badRequest(field, `No ${noun} was sent`);
  const bytes = await file.toBuffer();
  if (file.file.truncated) {
    throw new HttpError(
      413,
      ERROR_CODES.payloadTooLarge,
      `The ${noun} is larger than ${maxBytes} bytes`,
      field,
    );
  }
  // Read whole first: a request left with its file unread would wait for it. A part whose name
  // the form's header did not give in a readable way has none.
  const filename = file.filename ?? '';
  assertText(field, filename, `${noun}'s file name`);
  return { bytes, filename };
}
