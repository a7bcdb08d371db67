// /login-selection: after signing in, someone who belongs to several organisations chooses where
// to go; the default one comes first.
import { useState } from 'react';
import { Alert, CircularProgress, List, ListItemButton, ListItemText } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useAuthProvider, useGetIdentity, useTranslate } from 'react-admin';
import type { PortalAuthProvider, PortalIdentity } from '../../authProvider/authProvider.ts';
import { takeReturn } from '../../authProvider/returnTo.ts';
import { links } from '../../domain/paths.ts';
import { AccountCard, AccountCardLoading } from './AccountCard.tsx';

export function LoginSelectionPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const { identity, isPending, error } = useGetIdentity();
  const [busy, setBusy] = useState<string>();
  const [failed, setFailed] = useState(false);
  const title = translate('app.accounts.selection.title');
  if (error) return <Navigate to={links.login()} replace />;
  const portalIdentity = identity as PortalIdentity | undefined;
  if (isPending || !portalIdentity) return <AccountCardLoading title={title} />;
  const choose = async (organisationId: string) => {
    setBusy(organisationId);
    setFailed(false);
    try {
      if (organisationId !== portalIdentity.organisation.id)
        await authProvider?.switchOrganisation(organisationId);
      // A full load: nothing cached for one organisation may show in another. A page opened
      // before signing in (a QR label's link) is where this continues.
      window.location.assign(takeReturn() ?? '/');
    } catch {
      setFailed(true);
      setBusy(undefined);
    }
  };
  return (
    <AccountCard title={title} subtitle={translate('app.accounts.selection.subtitle')}>
      <List aria-label={title}>
        {portalIdentity.organisation.availableOrgs.map((org) => (
          <ListItemButton
            key={org.id}
            onClick={() => void choose(org.id)}
            disabled={busy !== undefined}
            selected={org.id === portalIdentity.organisation.id}
          >
            <ListItemText
              primary={org.name}
              secondary={translate(`app.accounts.register.types.${org.type}`)}
            />
            {busy === org.id && <CircularProgress size={18} />}
          </ListItemButton>
        ))}
      </List>
      {failed && (
        <Alert severity="error" role="alert">
          {translate('app.errors.no_response')}
        </Alert>
      )}
    </AccountCard>
  );
}

export default LoginSelectionPage;
