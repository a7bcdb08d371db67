// A machine's picture: uploaded by the owner's admins (multipart, images only, limits on its bytes
// and on the pixels its header claims, server/images/imageHeader.ts) and served at an address made
// of a random id, since an <img> carries no bearer token. Each upload gets a new id, so the address
// can be cached for good.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { readImageHeader, type ImageLimits } from '../../images/imageHeader.ts';
import { readUpload } from '../../storage/upload.ts';
import { assertOwnMachine } from './visibility.ts';
import { endpoints, pathTo } from '../../../src/domain/api/endpoints.ts';

export const MAX_MACHINE_IMAGE_BYTES = 5_000_000;
/** A phone's full-size photo fits; a file built to claim more pixels than any browser should decode does not. */
export const MACHINE_IMAGE_LIMITS: ImageLimits = {
  types: ['png', 'jpg', 'webp', 'gif'],
  maxWidthPx: 12_000,
  maxHeightPx: 12_000,
  maxPixels: 50_000_000,
};

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const ImageReply = Type.Object({ imageUrl: Type.Union([Type.String(), Type.Null()]) });

export const machineImageRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.post(
    endpoints.machines.image,
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
      const { contentType } = readImageHeader(bytes, 'image', MACHINE_IMAGE_LIMITS);
      const imageUrl = await db.transaction(async (tx) => {
        await tx.query('DELETE FROM machine_image WHERE machine_id = $1', [request.params.id]);
        const [row] = await tx.query<{ id: string }>(
          'INSERT INTO machine_image (machine_id, content_type, bytes) VALUES ($1, $2, $3) RETURNING id',
          [request.params.id, contentType, bytes],
        );
        const url = pathTo(endpoints.machineImages.item, { imageId: (row as { id: string }).id });
        await tx.query('UPDATE machine SET image_url = $2 WHERE id = $1', [request.params.id, url]);
        return url;
      });
      return { imageUrl };
    },
  );

  app.delete(
    endpoints.machines.image,
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
    endpoints.machineImages.item,
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
