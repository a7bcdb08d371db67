// /int_fftools (spec points 2 and 4, custom token login): an integrating application opens the
// portal with a short-lived token it signed (`#token=`, or `?token=`; `next` the portal page to
// open). The page trades it for our own tokens and goes on, or says the link cannot be used.
import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { tokenStore } from '../../api/tokenStore.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { PATHS } from '../../domain/paths.ts';
import { AccountCard } from './AccountCard.tsx';

/** The token and where to go, read once; the token is then taken out of the address bar. */
function handOver(): { token: string; next: string } {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  const token = hash.get('token') ?? query.get('token') ?? '';
  const next = hash.get('next') ?? query.get('next') ?? '/';
  window.history.replaceState(null, '', window.location.pathname);
  // Only a page of this portal: never another site.
  return { token, next: next.startsWith('/') && !next.startsWith('//') ? next : '/' };
}

export function CustomTokenPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [{ token, next }] = useState(handOver);
  const signIn = useQuery({
    queryKey: ['custom-token', token],
    queryFn: () => dataProvider.customTokenSignIn(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (!signIn.data) return;
    tokenStore.set(signIn.data);
    window.location.replace(next);
  }, [signIn.data, next]);
  const failed = token === '' || signIn.isError;
  return (
    <AccountCard title={translate('app.accounts.custom_token.title')}>
      {failed ? (
        <>
          <Alert severity="error" role="alert">
            {translate('app.accounts.custom_token.failed')}
          </Alert>
          <Button component={Link} to={PATHS.login} variant="contained">
            {translate('app.accounts.custom_token.to_login')}
          </Button>
        </>
      ) : (
        <CircularProgress
          sx={{ alignSelf: 'center' }}
          aria-label={translate('app.accounts.custom_token.signing_in')}
        />
      )}
    </AccountCard>
  );
}

export default CustomTokenPage;
