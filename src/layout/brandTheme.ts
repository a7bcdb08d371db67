// The portal's MUI theme from an organisation's brand colours: navigation in primary, actions in secondary.
import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { DEFAULT_BRAND_CONFIGURATION, type BrandConfiguration } from '../domain/brand.ts';

/** The smallest control a thumb hits reliably (WCAG 2.5.5, Apple's and Google's guides). */
const PHONE_TOUCH_PX = 44;

const thumbSized = ({ theme }: { theme: Theme }) => ({
  [theme.breakpoints.down('sm')]: { minHeight: PHONE_TOUCH_PX, minWidth: PHONE_TOUCH_PX },
});

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
    components: {
      ...defaultTheme.components,
      // A list never widens the page: a table wider than the screen scrolls inside its card.
      RaList: {
        styleOverrides: {
          root: {
            minWidth: 0,
            [`& .RaList-main`]: { minWidth: 0 },
            [`& .RaList-content`]: { overflowX: 'auto' },
          },
        },
      },
      // On a phone a dialog takes the whole screen, and every control is big enough for a thumb.
      MuiDialog: {
        styleOverrides: {
          paper: ({ theme }: { theme: Theme }) => ({
            [theme.breakpoints.down('sm')]: {
              margin: 0,
              width: '100%',
              maxWidth: '100%',
              height: '100%',
              maxHeight: '100%',
              borderRadius: 0,
            },
          }),
        },
      },
      // A form laid out as a grid keeps its fields together at the top of a full-screen dialog,
      // rather than spread down the phone's height.
      MuiDialogContent: { styleOverrides: { root: { alignContent: 'start' } } },
      MuiButton: { styleOverrides: { root: thumbSized } },
      MuiIconButton: { styleOverrides: { root: thumbSized } },
      // At phone width tabs scroll rather than run off the edge of the screen.
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
