// Staff erase a whole organisation on leaving (issue 45, docs/privacy.md): asked here, after its
// name is typed as a confirmation, done in the background; the signed receipt is mailed to them.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useCaller } from '../../common/useCaller.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';

export function EraseOrganisationButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const record = useRecordContext<{ id: string; name: string }>();
  const own = useCaller().identity?.organisation.id;
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  // Staff's own organisation is not erased from inside it.
  if (!record || record.id === own) return null;
  const erase = async () => {
    setOpen(false);
    try {
      await dataProvider.eraseOrganisation(record.id);
      notify('app.privacy.organisation_erasure_asked', {
        type: 'info',
        messageArgs: { name: record.name },
      });
      redirect('list', 'admin/orgs/settings');
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {translate('app.privacy.erase_organisation')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate('app.privacy.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText gutterBottom>
            {translate('app.privacy.confirm_organisation', { name: record.name })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={translate('app.privacy.type_name')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" disabled={typed !== record.name} onClick={() => void erase()}>
            {translate('app.privacy.erase_organisation')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
