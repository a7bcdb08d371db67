// Recovery codes, shown once: each signs in once instead of the authenticator app.
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" data-testid="recovery-codes">
      <Typography variant="body2" gutterBottom>
        {translate('app.second_factor.recovery_intro')}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, auto)',
          gap: 0.5,
          m: 0,
          p: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: 15,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Alert>
  );
}
