// Where a device's printed QR label leads, and the sheet of labels staff print for a batch of
// devices: each label a QR code of the portal's /qr link with the device's code and claim code,
// and both printed in words (onboarding asks anyone but staff for the claim code).
import type { QrTargetReply } from '../../../src/domain/api/sensors.ts';
import { sameClaimCode } from '../../../src/domain/devices.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import type { AccessClaims } from '../../security/tokens.ts';
import { labelSheet, type LabelLine } from '../../documents/labelSheet.ts';

interface LabelledSource {
  id: string;
  type: string;
  code: string;
  claim_code: string;
  machine_id: string | null;
  machine_name: string | null;
  machine_org: string | null;
  equipment_asset_id: string | null;
  asset_name: string | null;
  asset_org: string | null;
  organisation_name: string | null;
  owner: string | null;
}

const BY_CODE = `
  SELECT s.id, s.type, s.code, s.claim_code, m.id AS machine_id, m.name AS machine_name,
         m.organisation_id AS machine_org, a.id AS equipment_asset_id, a.name AS asset_name,
         a.organisation_id AS asset_org, o.name AS organisation_name, s.organisation_id AS owner
    FROM source s
    LEFT JOIN machine m ON m.id = s.machine_id
    LEFT JOIN equipment_asset a ON a.id = s.equipment_asset_id
    LEFT JOIN organisation o ON o.id = coalesce(m.organisation_id, a.organisation_id)`;

/** The devices these codes (or short codes) name, case aside, newest first for a code used twice. */
async function sourcesByCode(db: Queryable, codes: string[]): Promise<LabelledSource[]> {
  return db.query<LabelledSource>(
    `${BY_CODE} WHERE lower(s.code) = ANY($1::text[]) OR lower(s.short_code) = ANY($1::text[])
      ORDER BY s.last_seen_at DESC NULLS LAST`,
    [codes.map((code) => code.trim().toLowerCase())],
  );
}

/**
 * A device on one of the caller's machines opens that machine; one waiting for a machine (and not
 * another organisation's spare) opens onboarding; staff learn where any other one is. Anyone else
 * learns nothing of another organisation's device.
 */
export async function qrTarget(
  db: Queryable,
  auth: AccessClaims,
  code: string,
  claimCode: string | undefined,
): Promise<QrTargetReply> {
  const [source] = await sourcesByCode(db, [code]);
  const reply = {
    code: source?.code ?? code,
    machineId: null,
    machineName: null,
    equipmentAssetId: null,
    organisationName: null,
  };
  if (!source) throw notFound('No device has this code');
  if (source.machine_org === auth.org)
    return {
      ...reply,
      target: 'machine',
      machineId: source.machine_id,
      machineName: source.machine_name,
    };
  if (source.asset_org === auth.org)
    return { ...reply, target: 'asset', equipmentAssetId: source.equipment_asset_id };
  // Waiting for a machine: only for whoever holds the label (its claim code), as onboarding asks.
  const holdsLabel = auth.role === 'internal' || sameClaimCode(claimCode, source.claim_code);
  if (
    !source.machine_id &&
    !source.equipment_asset_id &&
    (source.owner === null || source.owner === auth.org) &&
    holdsLabel
  )
    return { ...reply, target: 'onboard' };
  if (auth.role === 'internal')
    return {
      ...reply,
      target: 'elsewhere',
      machineName: source.machine_name ?? source.asset_name,
      organisationName: source.organisation_name,
    };
  throw notFound('No device of this organisation has this code');
}

/** The portal's link a label's QR code holds. */
export const labelLink = (publicUrl: string, code: string, claimCode: string) =>
  `${publicUrl}/qr?${new URLSearchParams({ code, claim: claimCode }).toString()}`;

/** A4 sheets of device labels, in the order the codes were given; an unknown code is a 400. */
export async function deviceLabelSheet(
  db: Queryable,
  publicUrl: string,
  codes: string[],
): Promise<Buffer> {
  const found = await sourcesByCode(db, codes);
  const labels = codes.map((code, i) => {
    const source = found.find((s) => s.code.toLowerCase() === code.trim().toLowerCase());
    if (!source) throw badRequest(`codes.${i}`, `No device has the code '${code.slice(0, 64)}'`);
    return {
      link: labelLink(publicUrl, source.code, source.claim_code),
      lines: [
        { text: source.code, font: 'Helvetica-Bold', sizePt: 8, gapPt: 0 },
        { text: source.type, font: 'Helvetica', sizePt: 8, gapPt: 2 },
        { text: 'Claim code', font: 'Helvetica', sizePt: 7, gapPt: 6 },
        { text: source.claim_code, font: 'Courier-Bold', sizePt: 10, gapPt: 1 },
      ] satisfies LabelLine[],
    };
  });
  return labelSheet('Device labels', labels);
}
