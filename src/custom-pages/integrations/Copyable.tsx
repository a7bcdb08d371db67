// A value to copy (an API client's id and secret, a webhook's signing secret), with its button.
import { Button, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

export function Copyable({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Stack direction="row" gap={1} alignItems="center">
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <Button
        onClick={async () => {
          await navigator.clipboard.writeText(value);
          notify('app.integrations.copied', { type: 'info' });
        }}
      >
        {translate('app.integrations.copy')}
      </Button>
    </Stack>
  );
}
