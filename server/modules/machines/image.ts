// A machine's picture: uploaded by the owner's admins (multipart, images only, a size limit) and
// served at an address made of a random id, since an <img> carries no bearer token. Each upload
// gets a new id, so the address can be cached for good.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ServerContext } from '../../context.ts';
import { notFound, unsupportedMediaType } from '../../httpError.ts';
import { readUpload } from '../files/upload.ts';
import { assertOwnMachine } from './visibility.ts';

export const MAX_MACHINE_IMAGE_BYTES = 5_000_000;
const IMAGE_PATH = '/v1/machine-images/';

/** The image type the bytes are, by their signature; the declared type is not trusted. */
function imageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const ImageReply = Type.Object({ imageUrl: Type.Union([Type.String(), Type.Null()]) });

export const machineImageRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.post(
    '/v1/machines/:id/image',
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], params: Id, response: { 200: ImageReply } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const { bytes } = await readUpload(request, {
        field: 'image',
        noun: 'image',
        maxBytes: MAX_MACHINE_IMAGE_BYTES,
      });
      const type = imageType(bytes);
      if (!type)
        throw unsupportedMediaType('image', 'Only PNG, JPEG, WebP and GIF images are accepted');
      const imageUrl = await db.transaction(async (tx) => {
        await tx.query('DELETE FROM machine_image WHERE machine_id = $1', [request.params.id]);
        const [row] = await tx.query<{ id: string }>(
          'INSERT INTO machine_image (machine_id, content_type, bytes) VALUES ($1, $2, $3) RETURNING id',
          [request.params.id, type, bytes],
        );
        const url = `${IMAGE_PATH}${(row as { id: string }).id}`;
        await tx.query('UPDATE machine SET image_url = $2 WHERE id = $1', [request.params.id, url]);
        return url;
      });
      return { imageUrl };
    },
  );

  app.delete(
    '/v1/machines/:id/image',
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], params: Id, response: { 200: ImageReply } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM machine_image WHERE machine_id = $1', [request.params.id]);
        await tx.query('UPDATE machine SET image_url = NULL WHERE id = $1', [request.params.id]);
      });
      return { imageUrl: null };
    },
  );
};

/** GET /v1/machine-images/:imageId, outside authentication: the random id is the permission. */
export async function registerMachineImages(
  app: FastifyInstance,
  { db }: ServerContext,
): Promise<void> {
  app.get<{ Params: { imageId: string } }>(
    `${IMAGE_PATH}:imageId`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['machines'],
        params: { type: 'object', properties: { imageId: { type: 'string', format: 'uuid' } } },
      },
    },
    async (request, reply) => {
      const [image] = await db.query<{ content_type: string; bytes: Uint8Array }>(
        'SELECT content_type, bytes FROM machine_image WHERE id = $1',
        [request.params.imageId],
      );
      if (!image) throw notFound('No such image');
      return reply
        .type(image.content_type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(image.bytes));
    },
  );
}
