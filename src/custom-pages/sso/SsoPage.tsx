// /sso (query email): the sign-in popup's first page, which sends it on to the e-mail domain's
// identity provider.
import { useEffect } from 'react';
import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { ssoKeys } from '../../dataProvider/sso.ts';
import { SSO_MESSAGE_TYPE } from '../../domain/api/sso.ts';
import { AccountCard } from '../account/AccountCard.tsx';
import { SsoFailure, ssoCodeOf } from './SsoFailure.tsx';
import { tellOpener } from './ssoMessage.ts';

export function SsoPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const start = useQuery({
    queryKey: ssoKeys.start(email),
    queryFn: () => dataProvider.startSso(email),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (start.data) window.location.replace(start.data.url);
    if (start.error)
      tellOpener({ type: SSO_MESSAGE_TYPE, ok: false, code: ssoCodeOf(start.error) });
  }, [start.data, start.error]);
  return (
    <AccountCard title={translate('app.accounts.sso.title')} subtitle={email}>
      {start.error ? (
        <SsoFailure code={ssoCodeOf(start.error)} />
      ) : (
        <CircularProgress
          sx={{ alignSelf: 'center' }}
          aria-label={translate('app.accounts.sso.redirecting')}
        />
      )}
    </AccountCard>
  );
}

export default SsoPage;
