// /sso/cognito-cil: where the identity provider sends the popup back. It hands the provider's
// answer to the server, passes our tokens to the page that opened the popup, and closes. Opened
// without a popup (a mobile browser may do that), it signs this page in itself.
import { useEffect } from 'react';
import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import { tokenStore } from '../../api/tokenStore.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { ssoKeys } from '../../dataProvider/sso.ts';
import { SSO_MESSAGE_TYPE, type SsoCallbackBody } from '../../domain/api/sso.ts';
import { AccountCard } from '../account/AccountCard.tsx';
import { SsoFailure, ssoCodeOf } from './SsoFailure.tsx';
import { tellOpener } from './ssoMessage.ts';

function callbackOf(params: URLSearchParams): SsoCallbackBody {
  const body: Record<string, string> = { state: params.get('state') ?? '' };
  for (const name of ['code', 'iss', 'error', 'error_description'] as const) {
    const value = params.get(name);
    if (value) body[name] = value;
  }
  return body as SsoCallbackBody;
}

export function SsoCallbackPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const body = callbackOf(params);
  // Once per callback: its state is single-use.
  const finish = useQuery({
    queryKey: ssoKeys.callback(body.state),
    queryFn: () => dataProvider.finishSso(body),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (finish.data) {
      if (tellOpener({ type: SSO_MESSAGE_TYPE, ok: true, tokens: finish.data })) window.close();
      else {
        tokenStore.set(finish.data);
        window.location.replace('/');
      }
    }
    if (finish.error)
      tellOpener({ type: SSO_MESSAGE_TYPE, ok: false, code: ssoCodeOf(finish.error) });
  }, [finish.data, finish.error]);
  return (
    <AccountCard title={translate('app.accounts.sso.title')}>
      {finish.error ? (
        <SsoFailure code={ssoCodeOf(finish.error)} />
      ) : (
        <CircularProgress
          sx={{ alignSelf: 'center' }}
          aria-label={translate('app.accounts.sso.finishing')}
        />
      )}
    </AccountCard>
  );
}

export default SsoCallbackPage;
