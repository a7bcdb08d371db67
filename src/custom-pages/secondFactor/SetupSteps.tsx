// Setting up the authenticator app: its QR code, the same secret as text for typing in, and the
// field for the first code it shows.
import { lazy, Suspense } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SecondFactorSetup } from '../../domain/api/secondFactor.ts';

const QrCode = lazy(() => import('./QrCode.tsx'));

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function SetupSteps({ setup }: { setup: SecondFactorSetup }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2">{translate('app.second_factor.scan')}</Typography>
      <Suspense fallback={null}>
        <QrCode value={setup.otpauthUrl} label={translate('app.second_factor.qr_label')} />
      </Suspense>
      <Typography variant="caption" color="text.secondary">
        {translate('app.second_factor.or_type')}
      </Typography>
      <Typography
        component="code"
        data-testid="totp-secret"
        sx={{ fontFamily: 'monospace', fontSize: 15, letterSpacing: 1 }}
      >
        {grouped(setup.secret)}
      </Typography>
    </Box>
  );
}

/** The code field of every second-factor step: six digits, or a recovery code where allowed. */
export function CodeField({
  value,
  onChange,
  disabled,
  recovery,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Whether a recovery code is accepted here too. */
  recovery: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('app.second_factor.code')}
      helperText={translate(
        recovery ? 'app.second_factor.code_help_recovery' : 'app.second_factor.code_help',
      )}
      name="code"
      autoComplete="one-time-code"
      autoFocus
      required
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      disabled={disabled}
      slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric', maxLength: 12 } }}
    />
  );
}
