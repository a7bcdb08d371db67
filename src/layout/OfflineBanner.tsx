// Offline, the portal shows what it read last (the service worker's cache) and says from when, so
// nothing stale passes for live (issue 40).
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDataFromMs } from '../api/freshness.ts';
import { useFormat } from '../common/useFormat.ts';
import { useOnline } from '../common/useOnline.ts';

export function OfflineBanner() {
  const online = useOnline();
  const dataFromMs = useDataFromMs();
  const translate = useTranslate();
  const format = useFormat();
  if (online) return null;
  return (
    <Alert severity="warning" data-testid="offline-banner" sx={{ borderRadius: 0 }}>
      {dataFromMs === null
        ? translate('app.connectivity.offline_nothing')
        : translate('app.connectivity.offline_data', {
            time: format.dateTime(dataFromMs),
          })}
    </Alert>
  );
}
