// The connectivity indicator of spec point 1: online or offline, in the app bar.
import { Chip } from '@mui/material';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useTranslate } from 'react-admin';
import { useOnline } from './useOnline.ts';

export function ConnectivityIndicator() {
  const online = useOnline();
  const translate = useTranslate();
  return (
    <Chip
      data-testid="connectivity"
      size="small"
      icon={online ? <CloudDoneOutlined /> : <CloudOffOutlined />}
      label={translate(online ? 'app.connectivity.online' : 'app.connectivity.offline')}
      color={online ? 'default' : 'warning'}
      sx={{
        mr: 1,
        color: 'inherit',
        borderColor: 'currentColor',
        '& .MuiChip-icon': { color: 'inherit' },
      }}
      variant="outlined"
    />
  );
}
