// Brand configuration defaults of spec point 3.

export interface BrandColour {
  backgroundColour: string;
  textColour: string;
}

export interface BrandConfiguration {
  logoLink: string | null;
  primaryColour: BrandColour;
  secondaryColour: BrandColour;
  /** True once the organisation saved its own colours or logo. */
  isChosen: boolean;
}

export const DEFAULT_BRAND_CONFIGURATION: BrandConfiguration = {
  logoLink: null,
  primaryColour: { backgroundColour: '#212d40', textColour: '#FFFFFF' },
  secondaryColour: { backgroundColour: '#0857B2', textColour: '#FFFFFF' },
  isChosen: false,
};

/** Spec point 5: the logo is a PNG of at most 1,000,000 bytes, 24×24 to 250×42 px. */
export const LOGO_LIMITS = {
  maxBytes: 1_000_000,
  minPx: 24,
  maxWidthPx: 250,
  maxHeightPx: 42,
} as const;

/** The four colour fields of POST /v1/portal/brandconfig, in the form's names. */
export const BRAND_COLOUR_FIELDS = [
  'primary_background_colour',
  'primary_text_colour',
  'secondary_background_colour',
  'secondary_text_colour',
] as const;
export type BrandColourField = (typeof BRAND_COLOUR_FIELDS)[number];
