// An organisation's brand configuration (logo and colours), or the defaults when it chose none.
import { DEFAULT_BRAND_CONFIGURATION, type BrandConfiguration } from '../../../src/domain/brand.ts';
import type { Queryable } from '../../db/database.ts';

interface BrandRow {
  logo_link: string | null;
  primary_background_colour: string;
  primary_text_colour: string;
  secondary_background_colour: string;
  secondary_text_colour: string;
}

export async function getBrandConfiguration(
  db: Queryable,
  organisationId: string,
): Promise<BrandConfiguration> {
  const rows = await db.query<BrandRow>(
    `SELECT logo_link, primary_background_colour, primary_text_colour,
            secondary_background_colour, secondary_text_colour
       FROM brand_configuration WHERE organisation_id = $1`,
    [organisationId],
  );
  const row = rows[0];
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
