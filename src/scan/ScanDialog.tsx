// The Scan dialog: the camera's picture while it looks for a label's QR code, and a field for a
// code typed from the label. A code read or typed opens its machine, device claim or asset.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePhone } from '../common/phone.tsx';
import { readCodes } from './cameraReader.ts';
import { scanTarget } from './scanTarget.ts';

export default function ScanDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const phone = usePhone();
  // The dialog's content mounts after the dialog itself (in its portal): a ref set by a callback.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<'camera' | 'foreign' | null>(null);

  useEffect(() => {
    const element = video;
    if (!element) return;
    let live = true;
    let stop = () => {};
    const open = (text: string) => {
      const target = scanTarget(text);
      if (!target) return setProblem('foreign');
      live = false;
      stop();
      onClose();
      void navigate(target);
    };
    readCodes(element, (text) => {
      if (live) open(text);
    }).then(
      (reader) => {
        if (live) stop = () => reader.stop();
        else reader.stop();
      },
      () => {
        if (live) setProblem('camera');
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [navigate, onClose, video]);

  const typedTarget = scanTarget(typed);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.scan.title')}</DialogTitle>
      <DialogContent>
        <Stack gap={2}>
          {problem ? (
            <Alert severity="warning" data-testid="scan-problem">
              {translate(problem === 'camera' ? 'app.scan.no_camera' : 'app.scan.foreign')}
            </Alert>
          ) : null}
          <Box
            component="video"
            ref={setVideo}
            muted
            playsInline
            data-testid="scan-video"
            aria-label={translate('app.scan.camera')}
            sx={{ width: '100%', maxHeight: '50vh', bgcolor: 'grey.900', borderRadius: 1 }}
          />
          <Stack
            component="form"
            direction="row"
            gap={1}
            onSubmit={(event) => {
              event.preventDefault();
              if (!typedTarget) return;
              onClose();
              void navigate(typedTarget);
            }}
          >
            <TextField
              size="small"
              fullWidth
              label={translate('app.scan.typed')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Button type="submit" variant="outlined" disabled={!typedTarget}>
              {translate('app.scan.open')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
