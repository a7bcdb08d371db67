// An organisation's brand configuration (logo and colours), or the defaults when it chose none.
// The logo lives in the files storage under a name made of its hash, so its address changes with
// its content and browsers may cache it for good.
import { createHash } from 'node:crypto';
import {
  DEFAULT_BRAND_CONFIGURATION,
  type BrandColourField,
  type BrandConfiguration,
} from '../../../src/domain/brand.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import { endpoints, pathTo } from '../../../src/domain/api/endpoints.ts';

interface BrandRow {
  logo_link: string | null;
  logo_key: string | null;
  primary_background_colour: string;
  primary_text_colour: string;
  secondary_background_colour: string;
  secondary_text_colour: string;
}

async function brandRow(db: Queryable, organisationId: string): Promise<BrandRow | undefined> {
  const [row] = await db.query<BrandRow>(
    `SELECT logo_link, logo_key, primary_background_colour, primary_text_colour,
            secondary_background_colour, secondary_text_colour
       FROM brand_configuration WHERE organisation_id = $1`,
    [organisationId],
  );
  return row;
}

export async function getBrandConfiguration(
  db: Queryable,
  organisationId: string,
): Promise<BrandConfiguration> {
  const row = await brandRow(db, organisationId);
  if (!row) return DEFAULT_BRAND_CONFIGURATION;
  return {
    logoLink: row.logo_link,
    primaryColour: {
      backgroundColour: row.primary_background_colour,
      textColour: row.primary_text_colour,
    },
    secondaryColour: {
      backgroundColour: row.secondary_background_colour,
      textColour: row.secondary_text_colour,
    },
    isChosen: true,
  };
}

/** The logo's bytes, for a PDF or a mail; null when the organisation has none. */
export async function brandLogo(
  db: Queryable,
  files: FileStorage,
  organisationId: string,
): Promise<Buffer | null> {
  const key = (await brandRow(db, organisationId))?.logo_key;
  return key ? ((await files.get(key)) ?? null) : null;
}

/** The logo at a public address, found by the organisation and its file name. */
export async function logoByLink(
  db: Queryable,
  files: FileStorage,
  organisationId: string,
  name: string,
): Promise<Buffer | undefined> {
  const row = await brandRow(db, organisationId);
  if (
    !row?.logo_key ||
    row.logo_link !== pathTo(endpoints.brandLogos.item, { organisationId, name })
  )
    return undefined;
  return files.get(row.logo_key);
}

const DEFAULT_COLOURS: Record<BrandColourField, string> = {
  primary_background_colour: DEFAULT_BRAND_CONFIGURATION.primaryColour.backgroundColour,
  primary_text_colour: DEFAULT_BRAND_CONFIGURATION.primaryColour.textColour,
  secondary_background_colour: DEFAULT_BRAND_CONFIGURATION.secondaryColour.backgroundColour,
  secondary_text_colour: DEFAULT_BRAND_CONFIGURATION.secondaryColour.textColour,
};

/**
 * Saves the colours that were sent and, when one came, the logo. The new logo is stored before the
 * row points at it and the old one removed after, so a failure leaves the old brand whole.
 */
export async function saveBrandConfiguration(
  db: Database,
  files: FileStorage,
  organisationId: string,
  change: { colours: Partial<Record<BrandColourField, string>>; logo?: Buffer },
): Promise<BrandConfiguration> {
  let logo: { key: string; link: string } | undefined;
  if (change.logo) {
    const name = `${createHash('sha256').update(change.logo).digest('hex').slice(0, 32)}.png`;
    logo = {
      key: `brand/${organisationId}/${name}`,
      link: pathTo(endpoints.brandLogos.item, { organisationId, name }),
    };
    await files.put(logo.key, change.logo);
  }
  const before = await db
    .transaction(async (tx) => {
      const old = await brandRow(tx, organisationId);
      const colours = { ...DEFAULT_COLOURS, ...pickColours(old), ...change.colours };
      await tx.query(
        `INSERT INTO brand_configuration (organisation_id, logo_link, logo_key, primary_background_colour,
         primary_text_colour, secondary_background_colour, secondary_text_colour, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (organisation_id) DO UPDATE SET
         logo_link = EXCLUDED.logo_link, logo_key = EXCLUDED.logo_key,
         primary_background_colour = EXCLUDED.primary_background_colour,
         primary_text_colour = EXCLUDED.primary_text_colour,
         secondary_background_colour = EXCLUDED.secondary_background_colour,
         secondary_text_colour = EXCLUDED.secondary_text_colour, updated_at = now()`,
        [
          organisationId,
          logo?.link ?? old?.logo_link ?? null,
          logo?.key ?? old?.logo_key ?? null,
          colours.primary_background_colour,
          colours.primary_text_colour,
          colours.secondary_background_colour,
          colours.secondary_text_colour,
        ],
      );
      return old;
    })
    .catch(async (error: unknown) => {
      // The row still names the old logo: the new file must not linger unnamed.
      const kept = (await brandRow(db, organisationId))?.logo_key;
      if (logo && kept !== logo.key) await files.remove(logo.key);
      throw error;
    });
  if (logo && before?.logo_key && before.logo_key !== logo.key) await files.remove(before.logo_key);
  return getBrandConfiguration(db, organisationId);
}

function pickColours(row: BrandRow | undefined): Partial<Record<BrandColourField, string>> {
  if (!row) return {};
  const { logo_link: _link, logo_key: _key, ...colours } = row;
  return colours;
}

/** Back to the default colours, without a logo. */
export async function resetBrandConfiguration(
  db: Queryable,
  files: FileStorage,
  organisationId: string,
): Promise<BrandConfiguration> {
  const [removed] = await db.query<{ logo_key: string | null }>(
    'DELETE FROM brand_configuration WHERE organisation_id = $1 RETURNING logo_key',
    [organisationId],
  );
  if (removed?.logo_key) await files.remove(removed.logo_key);
  return DEFAULT_BRAND_CONFIGURATION;
}
