// The portal's MUI theme from an organisation's brand colours: navigation in primary, actions in secondary.
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { DEFAULT_BRAND_CONFIGURATION, type BrandConfiguration } from '../domain/brand.ts';

export function brandTheme(
  brand: BrandConfiguration = DEFAULT_BRAND_CONFIGURATION,
): RaThemeOptions {
  return {
    ...defaultTheme,
    palette: {
      ...defaultTheme.palette,
      // react-admin paints the app bar in `secondary` and buttons in `primary`.
      secondary: {
        main: brand.primaryColour.backgroundColour,
        contrastText: brand.primaryColour.textColour,
      },
      primary: {
        main: brand.secondaryColour.backgroundColour,
        contrastText: brand.secondaryColour.textColour,
      },
    },
    // At phone width tabs scroll rather than run off the edge of the screen.
    components: {
      ...defaultTheme.components,
      MuiTabs: {
        defaultProps: {
          variant: 'scrollable',
          scrollButtons: 'auto',
          allowScrollButtonsMobile: true,
        },
      },
    },
  };
}
