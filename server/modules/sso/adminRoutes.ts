// Staff configure single sign-on: which e-mail domain signs in through which OpenID provider, for
// which organisation, and whether unknown people of the domain get an account (with which role).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  EMAIL_DOMAIN,
  SsoProviderBody,
  SsoProviderRecord,
  SsoProvidersReply,
  SsoProviderUpdate,
} from '../../../src/domain/api/ssoProviders.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, HttpError, notFound } from '../../httpError.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

interface Row {
  id: string;
  organisation_id: string;
  organisation_name: string;
  email_domain: string;
  provider: string;
  type: 'OIDC';
  config: {
    issuer?: string;
    clientId?: string;
    clientSecret?: string;
    createUsers?: boolean;
    defaultRole?: 'admin' | 'viewer';
  };
}

const toRecord = (row: Row): SsoProviderRecord => ({
  id: row.id,
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  emailDomain: row.email_domain,
  name: row.provider,
  type: row.type,
  issuer: row.config.issuer ?? '',
  clientId: row.config.clientId ?? '',
  createUsers: row.config.createUsers === true,
  defaultRole: row.config.defaultRole ?? 'viewer',
  hasClientSecret: Boolean(row.config.clientSecret),
});

const SELECT = `SELECT p.id, p.organisation_id, o.name AS organisation_name, p.email_domain, p.provider,
                       p.type, p.config
                  FROM sso_provider p JOIN organisation o ON o.id = p.organisation_id`;

async function providerRecord(db: Queryable, id: string): Promise<SsoProviderRecord> {
  const [row] = await db.query<Row>(`${SELECT} WHERE p.id = $1`, [id]);
  if (!row) throw notFound('No such provider');
  return toRecord(row);
}

/** A second provider for a domain is refused by the unique index: say so by name. */
async function saving<T>(work: () => Promise<T>, domain: string): Promise<T> {
  if (!EMAIL_DOMAIN.test(domain))
    throw badRequest('emailDomain', 'emailDomain must be a domain such as example.com');
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

export const ssoProviderRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    '/v1/admin/sso-providers',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], response: { 200: SsoProvidersReply } },
    },
    async () => ({
      providers: (await db.query<Row>(`${SELECT} ORDER BY lower(p.email_domain)`)).map(toRecord),
    }),
  );

  app.post(
    '/v1/admin/sso-providers',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], body: SsoProviderBody, response: { 201: SsoProviderRecord } },
    },
    async (request, reply) => {
      const { organisationId, emailDomain, name, type, ...settings } = request.body;
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
      return reply.code(201).send(await providerRecord(db, row.id));
    },
  );

  app.put(
    '/v1/admin/sso-providers/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: SsoProviderUpdate,
        response: { 200: SsoProviderRecord },
      },
    },
    async (request) => {
      const { organisationId, emailDomain, name, type, clientSecret, ...settings } = request.body;
      const rows = await saving(
        () =>
          db.query(
            `UPDATE sso_provider SET organisation_id = $2, email_domain = lower($3), provider = $4,
                    type = $5, config = $6::jsonb || jsonb_build_object('clientSecret',
                      coalesce($7::text, config->>'clientSecret'))
              WHERE id = $1 RETURNING id`,
            [
              request.params.id,
              organisationId,
              emailDomain,
              name,
              type,
              JSON.stringify(settings),
              clientSecret ?? null,
            ],
          ),
        emailDomain,
      );
      if (rows.length === 0) throw notFound('No such provider');
      return providerRecord(db, request.params.id);
    },
  );

  app.delete(
    '/v1/admin/sso-providers/:id',
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
