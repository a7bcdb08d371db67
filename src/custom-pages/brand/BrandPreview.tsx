// The live preview of point 2: a navigation bar in the primary colours with the logo, and buttons
// in the secondary colours, as the portal will draw them.
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isHexColour } from '../../domain/colour.ts';
import type { BrandColours } from './brandForm.ts';

const shown = (value: string, fallback: string) => (isHexColour(value) ? value : fallback);

export function BrandPreview({ colours, logoUrl }: { colours: BrandColours; logoUrl?: string }) {
  const translate = useTranslate();
  const navigation = {
    bgcolor: shown(colours.primary_background_colour, '#212d40'),
    color: shown(colours.primary_text_colour, '#FFFFFF'),
  };
  const button = {
    bgcolor: shown(colours.secondary_background_colour, '#0857B2'),
    color: shown(colours.secondary_text_colour, '#FFFFFF'),
  };
  return (
    <Paper
      variant="outlined"
      sx={{ overflow: 'hidden' }}
      aria-label={translate('app.brand.preview')}
    >
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        sx={{ ...navigation, px: 2, minHeight: 56 }}
        data-testid="brand-preview-navigation"
      >
        {logoUrl ? (
          <Box component="img" src={logoUrl} alt="" sx={{ maxHeight: 42, maxWidth: 250 }} />
        ) : null}
        <Typography variant="h6" sx={{ color: 'inherit' }}>
          {translate('app.dashboard.title')}
        </Typography>
        <Typography sx={{ color: 'inherit', opacity: 0.85 }}>
          {translate('app.map.title')}
        </Typography>
      </Stack>
      {/* A picture of buttons, not buttons: hidden from assistive technology and the tab order. */}
      <Stack direction="row" spacing={2} sx={{ p: 2 }} aria-hidden="true" inert>
        <Button
          variant="contained"
          disableElevation
          sx={{ ...button, '&:hover': button }}
          data-testid="brand-preview-button"
        >
          {translate('ra.action.save')}
        </Button>
        <Button variant="outlined" sx={{ color: button.bgcolor, borderColor: button.bgcolor }}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Paper>
  );
}
