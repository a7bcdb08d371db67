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
