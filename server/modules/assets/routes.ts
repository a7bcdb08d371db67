// Equipment assets (issue 17): the overview, the list and details over a range, edits, and a
// spare tracker fitted to an asset. The equipment navigation switch gates them all.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ASSET_SORTS,
  AssetBody,
  AssetDetailsQuery,
  AssetDetailsReply,
  AssetLabelsBody,
  AssetListQuery,
  AssetListReply,
  AssetOnboardBody,
  AssetOnboardReply,
  EquipmentAsset,
  EquipmentOverviewReply,
} from '../../../src/domain/api/assets.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { auditRequest } from '../audit/index.ts';
import {
  assetDetails,
  assetRange,
  equipmentOverview,
  listAssets,
  readAssetFilter,
} from './service.ts';
import { assetLabelSheet } from './labels.ts';
import { createAsset, onboardAsset, updateAsset } from './writes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const feature = 'navigation.equipment' as const;
const tags = ['equipment'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const assetRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  /** One asset as the list shows it today, after a write. */
  const current = async (organisation: Parameters<typeof assetDetails>[1], id: string) =>
    (await assetDetails(db, organisation, id, assetRange({}, organisation.timezone))).asset;

  app.get(
    endpoints.portal.equipment,
    {
      config: { access: 'read', feature },
      schema: { tags, response: { 200: EquipmentOverviewReply } },
    },
    async (request) => equipmentOverview(db, request.auth.org),
  );

  app.get(
    endpoints.portal.assets.root,
    {
      config: { access: 'read', feature },
      schema: { tags, querystring: AssetListQuery, response: { 200: AssetListReply } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, ASSET_SORTS);
      const filter = readAssetFilter(params.filter);
      const range = assetRange(request.query, request.organisation.timezone);
      const { assets, total } = await listAssets(db, request.organisation, filter, params, range);
      sendRange(reply, 'assets', params.offset, assets.length, total);
      return assets;
    },
  );

  app.get(
    endpoints.portal.assets.item,
    {
      config: { access: 'read', feature },
      schema: {
        tags,
        params: Id,
        querystring: AssetDetailsQuery,
        response: { 200: AssetDetailsReply },
      },
    },
    async (request) =>
      assetDetails(
        db,
        request.organisation,
        request.params.id,
        assetRange(request.query, request.organisation.timezone),
      ),
  );

  app.post(
    endpoints.portal.assets.root,
    {
      config: { access: 'write', feature },
      schema: { tags, body: AssetBody, response: { 201: EquipmentAsset } },
    },
    async (request, reply) => {
      const id = await createAsset(db, request.auth.org, request.body);
      await auditRequest(db, request, 'asset.created', { id, name: request.body.name });
      return reply.code(201).send(await current(request.organisation, id));
    },
  );

  app.put(
    endpoints.portal.assets.item,
    {
      config: { access: 'write', feature },
      schema: { tags, params: Id, body: AssetBody, response: { 200: EquipmentAsset } },
    },
    async (request) => {
      await updateAsset(db, request.auth.org, request.params.id, request.body);
      await auditRequest(db, request, 'asset.edited', { id: request.params.id, ...request.body });
      return current(request.organisation, request.params.id);
    },
  );

  app.post(
    endpoints.portal.assets.onboard,
    {
      config: { access: 'write', feature },
      schema: { tags, body: AssetOnboardBody, response: { 201: AssetOnboardReply } },
    },
    async (request, reply) => {
      const attached = await onboardAsset(db, request.auth, request.body);
      await auditRequest(db, request, 'asset.tracker-attached', { ...attached });
      return reply.code(201).send(attached);
    },
  );

  app.post(
    endpoints.portal.assets.labels,
    { config: { access: 'read', feature }, schema: { tags, body: AssetLabelsBody } },
    async (request, reply) => {
      const pdf = await assetLabelSheet(db, request.auth.org, config.publicUrl, request.body.ids);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="asset-labels.pdf"')
        .send(pdf);
    },
  );
};
