// Onboarding: a source that reported before anyone assigned it (an unknown tracker, a LoRaWAN
// sensor, an OEM unit) is attached to a new machine or to one the organisation owns. Its records
// stored meanwhile then count for that machine: their days are recomputed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ONBOARDING_FIELDS,
  OnboardBody,
  OnboardReply,
  UnassignedSource,
  UnassignedSourceQuery,
  UnassignedSourcesReply,
} from '../../../src/domain/api/onboarding.ts';
import { sameClaimCode } from '../../../src/domain/devices.ts';
import type { ServerContext } from '../../context.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import type { AccessClaims } from '../../security/tokens.ts';
import { getOrganisationSettings, type Organisation } from '../../tenancy/organisation.ts';
import { assertOwnMachine } from './visibility.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const SOURCES = `
  SELECT s.id, s.type, s.code, s.short_code AS "shortCode", s.first_seen_at AS "firstSeenAt",
         s.last_seen_at AS "lastSeenAt", s.claim_code,
         (SELECT count(*)::int FROM telemetry_record r WHERE r.source_id = s.id) AS records
    FROM source s`;
const UNASSIGNED = `${SOURCES} WHERE s.machine_id IS NULL AND s.equipment_asset_id IS NULL`;

/** The form's new machine, when a device is onboarded onto one. */
type NewMachine = NonNullable<OnboardBody['machine']>;

type SourceRow = Omit<UnassignedSource, 'firstSeenAt' | 'lastSeenAt' | 'claimCode'> & {
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
  claim_code: string;
};
/** A source as staff see it: with its counts, times and claim code. */
const toReply = ({ claim_code, ...row }: SourceRow): UnassignedSource => ({
  ...row,
  firstSeenAt: row.firstSeenAt?.toISOString() ?? null,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  claimCode: claim_code,
});

/**
 * An unassigned source by the code on the device, for someone holding its claim code (staff need
 * none). A wrong claim code reads as no such device, so codes cannot be tried one by one. A spare
 * device an organisation took off a machine is that organisation's alone to attach again. A device
 * on a machine or an equipment asset already is a 409 naming it, when it is the caller's own.
 */
export async function unassignedSource(
  db: Queryable,
  auth: AccessClaims,
  code: string,
  claimCode: string | undefined,
): Promise<SourceRow | undefined> {
  const [row] = await db.query<
    SourceRow & { holder_name: string | null; holder_org: string | null }
  >(
    `SELECT u.*, coalesce(m.name, a.name) AS holder_name,
            coalesce(m.organisation_id, a.organisation_id) AS holder_org
       FROM (${SOURCES} WHERE true
               AND (lower(s.code) = lower($1) OR lower(s.short_code) = lower($1))
               AND (s.organisation_id IS NULL OR s.organisation_id = $2 OR $3)) u
       JOIN source s ON s.id = u.id
       LEFT JOIN machine m ON m.id = s.machine_id
       LEFT JOIN equipment_asset a ON a.id = s.equipment_asset_id
      ORDER BY s.machine_id IS NULL AND s.equipment_asset_id IS NULL DESC,
               s.last_seen_at DESC NULLS LAST LIMIT 1`,
    [code.trim(), auth.org, auth.role === 'internal'],
  );
  if (!row) return undefined;
  if (auth.role !== 'internal' && !sameClaimCode(claimCode, row.claim_code)) return undefined;
  // Whoever holds the label learns the device is in use, and where only when it is their own.
  if (row.holder_org)
    throw conflict(
      row.holder_org === auth.org
        ? `The device is on ${row.holder_name} already`
        : "The device is on another organisation's machine or asset",
    );
  return row;
}

/**
 * A source as this caller may see it: staff see all; a rental company's admins its counts and
 * times; customers and viewers only what it is.
 */
function shown(row: SourceRow, auth: AccessClaims, organisation: Organisation): UnassignedSource {
  const { claimCode, ...source } = toReply(row);
  if (auth.role === 'internal') return { ...source, claimCode };
  if (auth.role === 'admin' && organisation.type !== 'end-user') return source;
  return { ...source, records: null, firstSeenAt: null, lastSeenAt: null };
}

/** A new machine's fields: the organisation's mandatory ones given, its site its own. */
async function checkNewMachine(db: Queryable, organisation: Organisation, machine: NewMachine) {
  const { mandatoryFields } = await getOrganisationSettings(db, organisation);
  for (const field of ONBOARDING_FIELDS) {
    const value = machine[field];
    if (
      mandatoryFields.includes(field) &&
      (value === undefined || value === null || String(value).trim() === '')
    ) {
      throw badRequest(`machine.${field}`, `${field} is mandatory`);
    }
  }
  if (machine.siteId) {
    const [site] = await db.query('SELECT 1 FROM site WHERE id = $1 AND organisation_id = $2', [
      machine.siteId,
      organisation.id,
    ]);
    if (!site) throw badRequest('machine.siteId', 'No such site in this organisation');
  }
  if (!machine.name.trim()) throw badRequest('machine.name', 'name cannot be empty');
}

/**
 * Attaches the source to the given machine, or to a new one made from the form, in one
 * transaction; returns the machine's id, or 409 when the device was assigned meanwhile.
 */
async function attachSource(
  db: Database,
  organisationId: string,
  sourceId: string,
  to: { machineId?: string | undefined; machine?: NewMachine | undefined },
): Promise<string> {
  let target = to.machineId;
  const { machine } = to;
  const attached = await db.transaction(async (tx) => {
    if (!target && machine) {
      const [made] = await tx.query<{ id: string }>(
        `INSERT INTO machine (organisation_id, name, asset_id, category, type, oem, model, manufacturing_year,
                              serial_number, site_id, owner, ownership_type)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, o.name, 'Owned' FROM organisation o WHERE o.id = $1
         RETURNING id`,
        [
          organisationId,
          machine.name.trim(),
          machine.assetId?.trim() || null,
          machine.category?.trim() || null,
          machine.type?.trim() || null,
          machine.oem?.trim() || null,
          machine.model?.trim() || null,
          machine.manufacturingYear ?? null,
          machine.serialNumber?.trim() || null,
          machine.siteId ?? null,
        ],
      );
      target = made?.id;
    }
    // Only while still unassigned: two people onboarding one device at once cannot both win.
    return tx.query<{ id: string }>(
      `UPDATE source SET machine_id = $2, organisation_id = $3
        WHERE id = $1 AND machine_id IS NULL AND equipment_asset_id IS NULL
          AND (organisation_id IS NULL OR organisation_id = $3)
       RETURNING id`,
      [sourceId, target ?? null, organisationId],
    );
  });
  if (attached.length === 0 || !target) throw conflict('The device was assigned meanwhile');
  return target;
}

/** The source's records so far now count for its machine: their days are computed again. */
async function recomputeSource(db: Queryable, rollups: RollupScheduler, sourceId: string) {
  const [span] = await db.query<{ from_at: Date | null; to_at: Date | null }>(
    'SELECT min(device_time) AS from_at, max(device_time) AS to_at FROM telemetry_record WHERE source_id = $1',
    [sourceId],
  );
  if (span?.from_at && span.to_at) {
    rollups.touched([{ sourceId, fromMs: span.from_at.getTime(), toMs: span.to_at.getTime() }]);
  }
}

export const onboardingRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  // Every unassigned source, for staff: an organisation knows its own by the code on the device.
  app.get(
    endpoints.portal.sources.unassigned,
    {
      config: { access: 'staff' },
      schema: { tags: ['machines'], response: { 200: UnassignedSourcesReply } },
    },
    async () => {
      const rows = await db.query<SourceRow>(
        `${UNASSIGNED} ORDER BY s.last_seen_at DESC NULLS LAST LIMIT 500`,
      );
      return { sources: rows.map(toReply) };
    },
  );

  app.get(
    endpoints.portal.sources.unassignedItem,
    {
      config: { access: 'read' },
      schema: {
        tags: ['machines'],
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: UnassignedSourceQuery,
        response: { 200: UnassignedSource },
      },
    },
    async (request) => {
      const row = await unassignedSource(
        db,
        request.auth,
        request.params.code,
        request.query.claimCode,
      );
      if (!row) throw notFound('No unassigned device has this code and claim code');
      return shown(row, request.auth, request.organisation);
    },
  );

  app.post(
    endpoints.portal.machines.onboard,
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], body: OnboardBody, response: { 201: OnboardReply } },
    },
    async (request, reply) => {
      const { sensor, claimCode, machineId, machine } = request.body;
      if (Boolean(machineId) === Boolean(machine)) {
        throw badRequest(
          'machineId',
          'Give either machineId (an existing machine) or machine (a new one)',
        );
      }
      const source = await unassignedSource(db, request.auth, sensor, claimCode);
      if (!source) throw notFound('No unassigned device has this code and claim code');

      if (machineId) {
        await assertOwnMachine(db, request.auth, machineId);
      } else if (machine) {
        await checkNewMachine(db, request.organisation, machine);
      }

      const attached = await attachSource(db, request.auth.org, source.id, { machineId, machine });
      await recomputeSource(db, rollups, source.id);
      return reply
        .code(201)
        .send({ machineId: attached, sourceId: source.id, records: source.records ?? 0 });
    },
  );
};
