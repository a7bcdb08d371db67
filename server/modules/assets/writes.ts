// Equipment assets made, edited and given a tracker. A tracker joins an asset as it joins a
// machine (machines/onboard.ts): found by the code on it and its claim code, and only while spare.
import type { AssetBody, AssetOnboardBody } from '../../../src/domain/api/assets.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { AccessClaims } from '../../security/tokens.ts';
import { unassignedSource } from '../machines/index.ts';

/** The columns a body writes, after checking what the schema cannot; `prefix` names the fields. */
async function columnsOf(db: Queryable, organisationId: string, body: AssetBody, prefix = '') {
  const name = body.name.trim();
  if (!name) throw badRequest(`${prefix}name`, 'name cannot be empty');
  if (body.homeSiteId) {
    const [site] = await db.query('SELECT 1 FROM site WHERE id = $1 AND organisation_id = $2', [
      body.homeSiteId,
      organisationId,
    ]);
    if (!site) throw badRequest(`${prefix}homeSiteId`, 'No such site in this organisation');
  }
  return [
    name,
    body.assetNumber?.trim() || null,
    body.kind,
    body.homeSiteId ?? null,
    body.note?.trim() || null,
  ];
}

/** A second asset with the same number is refused, naming the field. */
async function withNumberCheck<T>(prefix: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw conflict('Another asset of the organisation has this number', `${prefix}assetNumber`);
    }
    throw error;
  }
}

export async function createAsset(
  db: Queryable,
  organisationId: string,
  body: AssetBody,
  prefix = '',
): Promise<string> {
  const columns = await columnsOf(db, organisationId, body, prefix);
  const [row] = await withNumberCheck(prefix, () =>
    db.query<{ id: string }>(
      `INSERT INTO equipment_asset (organisation_id, name, asset_number, kind, home_site_id, note)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [organisationId, ...columns],
    ),
  );
  if (!row) throw new Error('the asset was not stored');
  return row.id;
}

export async function updateAsset(
  db: Queryable,
  organisationId: string,
  id: string,
  body: AssetBody,
): Promise<void> {
  const columns = await columnsOf(db, organisationId, body);
  const rows = await withNumberCheck('', () =>
    db.query(
      `UPDATE equipment_asset SET name = $3, asset_number = $4, kind = $5, home_site_id = $6, note = $7,
              updated_at = now()
        WHERE organisation_id = $1 AND id = $2 RETURNING id`,
      [organisationId, id, ...columns],
    ),
  );
  if (rows.length === 0) throw notFound('No such asset in this organisation');
}

/** A spare tracker onto an asset of the caller's organisation, or onto a new one made here. */
export async function onboardAsset(
  db: Database,
  auth: AccessClaims,
  body: AssetOnboardBody,
): Promise<{ equipmentAssetId: string; sourceId: string }> {
  if (Boolean(body.equipmentAssetId) === Boolean(body.asset)) {
    throw badRequest(
      'equipmentAssetId',
      'Give either equipmentAssetId (an existing asset) or asset (a new one)',
    );
  }
  const source = await unassignedSource(db, auth, body.sensor, body.claimCode);
  if (!source) throw notFound('No unassigned device has this code and claim code');
  if (body.equipmentAssetId) {
    const [own] = await db.query(
      'SELECT 1 FROM equipment_asset WHERE id = $1 AND organisation_id = $2',
      [body.equipmentAssetId, auth.org],
    );
    if (!own) throw notFound('No such asset in this organisation');
  }
  return db.transaction(async (tx) => {
    const target = body.asset
      ? await createAsset(tx, auth.org, body.asset, 'asset.')
      : body.equipmentAssetId;
    // Only while still spare: two people fitting one tracker at once cannot both win.
    const attached = await tx.query<{ id: string }>(
      `UPDATE source SET equipment_asset_id = $2, organisation_id = $3
        WHERE id = $1 AND machine_id IS NULL AND equipment_asset_id IS NULL
          AND (organisation_id IS NULL OR organisation_id = $3)
       RETURNING id`,
      [source.id, target ?? null, auth.org],
    );
    if (attached.length === 0 || !target) throw conflict('The device was assigned meanwhile');
    return { equipmentAssetId: target, sourceId: source.id };
  });
}
