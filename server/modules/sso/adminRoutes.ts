// Staff configure single sign-on: which e-mail domain signs in through which OpenID or SAML
// provider, for which organisation, and whether unknown people of the domain get an account (with
// which role). A SAML provider's metadata is read when saved, so a wrong address is said at once.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  EMAIL_DOMAIN,
  SsoProviderBody,
  SsoProviderRecord,
  SsoProvidersReply,
} from '../../../src/domain/api/ssoProviders.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, HttpError, notFound } from '../../httpError.ts';
import type { StoredSettings } from './providers.ts';
import { SSO_CALLBACK_PATH } from './routes.ts';
import { serviceProviderOf } from './saml.ts';
import { idpMetadata } from './samlMetadata.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

interface Row {
  id: string;
  organisation_id: string;
  organisation_name: string;
  email_domain: string;
  provider: string;
  type: 'OIDC' | 'SAML';
  config: StoredSettings;
}

const SELECT = `SELECT p.id, p.organisation_id, o.name AS organisation_name, p.email_domain, p.provider,
                       p.type, p.config
                  FROM sso_provider p JOIN organisation o ON o.id = p.organisation_id`;

/** What is stored of a body: the fields of its type only, the secret apart. */
async function settingsOf(
  body: SsoProviderBody,
  storedSecret: string | undefined,
): Promise<StoredSettings> {
  if (!EMAIL_DOMAIN.test(body.emailDomain))
    throw badRequest('emailDomain', 'emailDomain must be a domain such as example.com');
  const rule = { createUsers: body.createUsers, defaultRole: body.defaultRole };
  if (body.type === 'SAML') {
    if (!body.metadataUrl) throw badRequest('metadataUrl', 'A SAML provider needs metadataUrl');
    try {
      await idpMetadata(body.metadataUrl);
    } catch (error) {
      throw badRequest(
        'metadataUrl',
        `The metadata at metadataUrl cannot be used: ${(error as Error).message}`,
      );
    }
    return { ...rule, metadataUrl: body.metadataUrl };
  }
  const clientSecret = body.clientSecret ?? storedSecret;
  for (const [field, value] of Object.entries({
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecret,
  }))
    if (!value) throw badRequest(field, `An OpenID Connect provider needs ${field}`);
  return { ...rule, issuer: body.issuer, clientId: body.clientId, clientSecret };
}

/** A second provider for a domain is refused by the unique index: say so by name. */
async function saving<T>(work: () => Promise<T>, domain: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict(`${domain} already signs in through another provider`);
    if ((error as { code?: string }).code === '23503')
      throw new HttpError(404, 'NOT_FOUND', 'No such organisation', 'organisationId');
    throw error;
  }
}

export const ssoProviderRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  const publicUrl = config.publicUrl.replace(/\/$/, '');
  const toRecord = (row: Row): SsoProviderRecord => {
    const sp = serviceProviderOf(publicUrl, row.id);
    return {
      id: row.id,
      organisationId: row.organisation_id,
      organisationName: row.organisation_name,
      emailDomain: row.email_domain,
      name: row.provider,
      type: row.type,
      issuer: row.config.issuer ?? '',
      clientId: row.config.clientId ?? '',
      metadataUrl: row.config.metadataUrl ?? '',
      createUsers: row.config.createUsers === true,
      defaultRole: row.config.defaultRole === 'admin' ? 'admin' : 'viewer',
      hasClientSecret: Boolean(row.config.clientSecret),
      callbackUrl: row.type === 'SAML' ? sp.acsUrl : `${publicUrl}${SSO_CALLBACK_PATH}`,
      spEntityId: row.type === 'SAML' ? sp.entityId : '',
    };
  };

  async function providerRow(queryable: Queryable, id: string): Promise<Row> {
    const [row] = await queryable.query<Row>(`${SELECT} WHERE p.id = $1`, [id]);
    if (!row) throw notFound('No such provider');
    return row;
  }

  app.get(
    endpoints.admin.ssoProviders.root,
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], response: { 200: SsoProvidersReply } },
    },
    async () => ({
      providers: (await db.query<Row>(`${SELECT} ORDER BY lower(p.email_domain)`)).map(toRecord),
    }),
  );

  app.post(
    endpoints.admin.ssoProviders.root,
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], body: SsoProviderBody, response: { 201: SsoProviderRecord } },
    },
    async (request, reply) => {
      const { organisationId, emailDomain, name, type } = request.body;
      const settings = await settingsOf(request.body, undefined);
      const [row] = await saving(
        () =>
          db.query<{ id: string }>(
            `INSERT INTO sso_provider (organisation_id, email_domain, provider, type, config)
             VALUES ($1, lower($2), $3, $4, $5) RETURNING id`,
            [organisationId, emailDomain, name, type, JSON.stringify(settings)],
          ),
        emailDomain,
      );
      if (!row) throw new Error('no provider id');
      return reply.code(201).send(toRecord(await providerRow(db, row.id)));
    },
  );

  app.put(
    endpoints.admin.ssoProviders.item,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: SsoProviderBody,
        response: { 200: SsoProviderRecord },
      },
    },
    async (request) => {
      const { organisationId, emailDomain, name, type } = request.body;
      const stored = await providerRow(db, request.params.id);
      const settings = await settingsOf(request.body, stored.config.clientSecret);
      await saving(
        () =>
          db.query(
            `UPDATE sso_provider SET organisation_id = $2, email_domain = lower($3), provider = $4,
                    type = $5, config = $6 WHERE id = $1`,
            [request.params.id, organisationId, emailDomain, name, type, JSON.stringify(settings)],
          ),
        emailDomain,
      );
      return toRecord(await providerRow(db, request.params.id));
    },
  );

  app.delete(
    endpoints.admin.ssoProviders.item,
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], params: IdParams },
    },
    async (request, reply) => {
      const rows = await db.query('DELETE FROM sso_provider WHERE id = $1 RETURNING id', [
        request.params.id,
      ]);
      if (rows.length === 0) throw notFound('No such provider');
      return reply.code(204).send();
    },
  );
};
