// The generic error screen of spec point 2, shown when a screen throws.
import { Box, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useErrorReport } from '../common/useErrorReport.ts';

export function ErrorPage({ error }: { error?: unknown }) {
  const translate = useTranslate();
  const report = useErrorReport();
  useEffect(() => report('error-screen', error), [report, error]);
  return (
    <Box role="alert" data-testid="error-screen" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" gutterBottom>
        {translate('app.errors.speed_bump')}
      </Typography>
      <Link component="button" variant="body1" onClick={() => window.location.reload()}>
        {translate('app.errors.reload')}
      </Link>
    </Box>
  );
}
