// Says when machines sent no telematics or OEM data for the range, so their hours are missing from
// the figures; once dismissed it stays dismissed (spec point 4), kept in the browser's store.
import { Alert } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';

export const MISSING_DATA_DISMISSED_KEY = 'dashboard.missingDataDismissed';

export function MissingDataNotice({ missing, total }: { missing: number; total: number }) {
  const translate = useTranslate();
  const [dismissed, setDismissed] = useStore(MISSING_DATA_DISMISSED_KEY, false);
  if (dismissed || missing === 0) return null;
  return (
    <Alert severity="info" onClose={() => setDismissed(true)} data-testid="missing-data-notice">
      {translate('app.dashboard.missing_data', { missing, total })}
    </Alert>
  );
}
