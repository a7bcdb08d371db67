// /unsubscribe (query userToken, emailType): a mail's unsubscribe link. It asks before acting: mail
// scanners open links by themselves, and must not unsubscribe anyone. The link stops its own kind of
// mail; stopping every kind is offered beside it as the second choice.
import { useState } from 'react';
import { Button } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { EMAIL_TYPES, type EmailType } from '../../domain/api/accounts.ts';
import { links } from '../../domain/paths.ts';
import { AccountCard } from './AccountCard.tsx';
import { accountCode, accountCodeKey, type AccountCode } from '../../common/accountErrors.ts';
import { Outcome } from './Outcome.tsx';

export function UnsubscribePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const userToken = params.get('userToken') ?? '';
  const given = params.get('emailType') ?? '';
  const emailType = EMAIL_TYPES.includes(given as EmailType) ? (given as EmailType) : undefined;
  const [state, setState] = useState<{
    email?: string;
    all?: boolean;
    code?: AccountCode;
    busy?: boolean;
  }>({});
  const title = translate('app.accounts.unsubscribe.title');

  if (!userToken || !emailType)
    return (
      <AccountCard title={title}>
        <Outcome
          severity="error"
          testId="unsubscribe-INVALID_TOKEN"
          message={translate('app.accounts.unsubscribe.INVALID_TOKEN')}
        />
      </AccountCard>
    );
  const kind = translate(`app.accounts.email_types.${emailType}`);
  if (state.email)
    return (
      <AccountCard title={title}>
        <Outcome
          severity="success"
          testId="unsubscribe-done"
          message={translate(`app.accounts.unsubscribe.${state.all ? 'done_all' : 'done'}`, {
            email: state.email,
            kind,
          })}
          action={{ label: translate('app.accounts.back_to_sign_in'), to: links.login() }}
        />
      </AccountCard>
    );
  const unsubscribe = (all: boolean) => {
    setState({ busy: true });
    dataProvider
      .unsubscribe({ userToken, emailType, ...(all ? { all } : {}) })
      .then(({ email }) => setState({ email, all }))
      .catch((caught: unknown) => setState({ code: accountCode(caught, 'INVALID_TOKEN') }));
  };
  return (
    <AccountCard title={title} subtitle={translate('app.accounts.unsubscribe.question', { kind })}>
      {state.code && (
        <Outcome
          severity="error"
          testId={`unsubscribe-${state.code}`}
          message={translate(`app.accounts.unsubscribe.${state.code}`, {
            _: translate(accountCodeKey(state.code)),
          })}
        />
      )}
      <Button
        variant="contained"
        size="large"
        onClick={() => unsubscribe(false)}
        disabled={state.busy}
      >
        {translate('app.accounts.unsubscribe.confirm')}
      </Button>
      <Button onClick={() => unsubscribe(true)} disabled={state.busy}>
        {translate('app.accounts.unsubscribe.stop_all')}
      </Button>
    </AccountCard>
  );
}

export default UnsubscribePage;
