// A screen of a module or navigation entry switched off for the organisation says so, instead of
// failing on the server's 403 (MODULE_DISABLED).
import type { ReactNode } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { FeatureFlag } from '../domain/api/session.ts';
import { links } from '../domain/paths.ts';
import { useFeature } from '../settings/useFeature.ts';

export function FeatureGate({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const translate = useTranslate();
  const enabled = useFeature(flag);
  if (enabled === undefined) return <LinearProgress />;
  if (enabled) return children;
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="not-enabled">
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.not_enabled.title')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate('app.not_enabled.message')}
      </Typography>
      <Button component={Link} to={links.machines()} variant="contained" sx={{ mt: 2 }}>
        {translate('app.not_found.home')}
      </Button>
    </Box>
  );
}
