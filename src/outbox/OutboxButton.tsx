// The outbox in the app bar: how many writes wait for a signal or were refused, and the list of
// them: each waiting, sent or refused with the server's reason, which the user dismisses once read.
import CloudUpload from '@mui/icons-material/CloudUpload';
import {
  Alert,
  Badge,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePhone } from '../common/phone.tsx';
import { When } from '../common/fields.tsx';
import { useOnline } from '../common/useOnline.ts';
import { useOutbox } from './OutboxProvider.tsx';
import type { QueuedWrite } from './queuedWrites.ts';

const STATE_COLOURS = { queued: 'warning', sent: 'success', refused: 'error' } as const;

function WriteRow({ write, onDismiss }: { write: QueuedWrite; onDismiss: () => void }) {
  const translate = useTranslate();
  return (
    <ListItem
      divider
      data-testid={`outbox-${write.state}`}
      secondaryAction={
        write.state === 'queued' ? null : (
          <Button size="small" onClick={onDismiss}>
            {translate('app.outbox.dismiss')}
          </Button>
        )
      }
    >
      <ListItemText
        primary={
          <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
            <span>{translate(`app.outbox.kinds.${write.kind}`, { subject: write.subject })}</span>
            <Chip
              size="small"
              color={STATE_COLOURS[write.state]}
              label={translate(`app.outbox.states.${write.state}`)}
            />
          </Stack>
        }
        secondary={
          <>
            <When value={new Date(write.createdAtMs).toISOString()} />
            {write.message ? (
              <Alert severity="error" sx={{ mt: 1, mr: 8 }}>
                {write.message}
              </Alert>
            ) : null}
          </>
        }
      />
    </ListItem>
  );
}

export function OutboxButton() {
  const translate = useTranslate();
  const phone = usePhone();
  const online = useOnline();
  const { writes, flush, dismiss } = useOutbox();
  const [open, setOpen] = useState(false);
  if (writes.length === 0) return null;
  const waiting = writes.filter((write) => write.state !== 'sent').length;
  return (
    <>
      <Tooltip title={translate('app.outbox.title')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} data-testid="outbox-button">
          <Badge badgeContent={waiting} color="warning">
            <CloudUpload />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullScreen={phone} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.outbox.title')}</DialogTitle>
        <DialogContent>
          {online ? null : <Alert severity="info">{translate('app.outbox.offline')}</Alert>}
          <List>
            {writes.map((write) => (
              <WriteRow key={write.id} write={write} onDismiss={() => void dismiss(write.id)} />
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button
            disabled={!online || !writes.some((write) => write.state === 'queued')}
            onClick={() => void flush()}
          >
            {translate('app.outbox.send_now')}
          </Button>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
