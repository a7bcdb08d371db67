// Why a single sign-on failed, in the user's words.
import { Alert } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import type { ApiErrorBody } from '../../api/apiClient.ts';
import { SSO_ERRORS } from '../../domain/api/sso.ts';

/** The error's SSO code, or NETWORK_ERROR / SERVER_ERROR. */
export function ssoCodeOf(error: unknown): string {
  if (!(error instanceof HttpError) || error.status === 0) return 'NETWORK_ERROR';
  const code = (error.body as ApiErrorBody | undefined)?.code ?? '';
  return (SSO_ERRORS as readonly string[]).includes(code) ? code : 'SERVER_ERROR';
}

export function SsoFailure({ code }: { code: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" role="alert" data-testid={`sso-${code}`}>
      {translate(`app.accounts.sso.codes.${code}`, {
        _: translate('app.accounts.sso.codes.SERVER_ERROR'),
      })}
    </Alert>
  );
}
