// The list's "Invite users" action: the invitation form in a dialog; the list refreshes after.
import { useState } from 'react';
import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useRefresh, useTranslate } from 'react-admin';
import { InviteForm } from './InviteForm.tsx';

export function InviteButton({ customersOnly = false }: { customersOnly?: boolean }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<PersonAdd />} onClick={() => setOpen(true)} size="small">
        {translate('app.users.invite.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.users.invite.title')}</DialogTitle>
        <DialogContent>
          <InviteForm
            customersOnly={customersOnly}
            onCancel={() => setOpen(false)}
            onInvited={() => {
              setOpen(false);
              refresh();
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
