// The labels stuck on equipment assets: a QR code of the asset's short link (/asset/{id}), its
// name and number, and the link in words for whoever has no camera at hand.
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import { labelSheet } from '../../documents/labelSheet.ts';

export const assetLabelLink = (publicUrl: string, id: string) =>
  `${publicUrl}/asset/${encodeURIComponent(id)}`;

/** A4 sheets of the organisation's assets' labels, in the order given; another's id is a 400. */
export async function assetLabelSheet(
  db: Queryable,
  organisationId: string,
  publicUrl: string,
  ids: string[],
): Promise<Buffer> {
  const rows = await db.query<{ id: string; name: string; asset_number: string | null }>(
    'SELECT id, name, asset_number FROM equipment_asset WHERE organisation_id = $1 AND id = ANY($2::uuid[])',
    [organisationId, ids],
  );
  const labels = ids.map((id, i) => {
    const asset = rows.find((row) => row.id === id);
    if (!asset) throw badRequest(`ids.${i}`, 'No such asset in this organisation');
    const link = assetLabelLink(publicUrl, asset.id);
    return {
      link,
      lines: [
        { text: asset.name, font: 'Helvetica-Bold' as const, sizePt: 9, gapPt: 0 },
        { text: asset.asset_number ?? '', font: 'Helvetica' as const, sizePt: 8, gapPt: 2 },
        { text: link, font: 'Helvetica' as const, sizePt: 6, gapPt: 8 },
      ],
    };
  });
  return labelSheet('Asset labels', labels);
}
