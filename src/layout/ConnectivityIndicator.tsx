// The connectivity indicator of spec point 1: online or offline, in the app bar; on a phone its icon
// alone, so the bar keeps room for the scanner, the outbox and the bell.
import { Chip } from '@mui/material';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useTranslate } from 'react-admin';
import { usePhone } from '../common/phone.tsx';
import { useOnline } from '../common/useOnline.ts';

export function ConnectivityIndicator() {
  const online = useOnline();
  const translate = useTranslate();
  const phone = usePhone();
  const label = translate(online ? 'app.connectivity.online' : 'app.connectivity.offline');
  return (
    <Chip
      data-testid="connectivity"
      size="small"
      icon={online ? <CloudDoneOutlined /> : <CloudOffOutlined />}
      label={phone ? undefined : label}
      aria-label={label}
      title={label}
      color={online ? 'default' : 'warning'}
      sx={{
        mr: 1,
        color: 'inherit',
        borderColor: 'currentColor',
        '& .MuiChip-icon': { color: 'inherit', ...(phone ? { mx: 0.5 } : {}) },
        ...(phone ? { '& .MuiChip-label': { display: 'none' } } : {}),
      }}
      variant="outlined"
    />
  );
}
