// The Scan button in the app bar: opens the camera to read a machine's, device's or asset's
// label. The dialog and its QR reader are loaded when first opened.
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';

const ScanDialog = lazy(() => import('./ScanDialog.tsx'));

export function ScanButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Tooltip title={translate('app.scan.title')}>
        <IconButton
          color="inherit"
          onClick={() => setOpen(true)}
          aria-label={translate('app.scan.title')}
          data-testid="scan-button"
        >
          <QrCodeScanner />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <ScanDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
