// /portal/multiple/users: a rental company invites many of a customer's people at once.
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { links } from '../../domain/paths.ts';
import { InviteForm } from './InviteForm.tsx';

export function MultipleInvite() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('app.users.invite.title')} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.users.invite.many')}
        </Typography>
        <InviteForm customersOnly onInvited={() => navigate(links.portalUsers())} />
      </CardContent>
    </Card>
  );
}

export default MultipleInvite;
