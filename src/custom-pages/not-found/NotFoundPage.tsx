// /not-found, and every path the portal does not know.
import { links } from '../../domain/paths.ts';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export const NOT_FOUND_PATH = '/not-found';

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.not_found.title')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate('app.not_found.message')}
      </Typography>
      <Button component={Link} to={links.machines()} variant="contained" sx={{ mt: 2 }}>
        {translate('app.not_found.home')}
      </Button>
    </Box>
  );
}
