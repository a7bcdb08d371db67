// /forgot-password/reset (query code): the link's code is checked first (EXPIRED_CODE,
// INVALID_CODE, USER_DISABLED, NETWORK_ERROR each say so), then a new password is set
// (WEAK_PASSWORD says why not). Setting it signs the user out everywhere.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import { links } from '../../domain/paths.ts';
import { AccountCard, AccountCardLoading } from './AccountCard.tsx';
import { accountCode, accountCodeKey, type AccountCode } from '../../common/accountErrors.ts';
import { Outcome } from './Outcome.tsx';
import { PasswordFields, passwordsReady } from './PasswordFields.tsx';

type State =
  | { step: 'checking' }
  | { step: 'refused'; code: AccountCode }
  | { step: 'form'; email: string }
  | { step: 'done'; email: string };

export function ResetPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const checked = useQuery({
    queryKey: userKeys.resetCode(code),
    queryFn: () => dataProvider.checkResetCode(code),
    retry: false,
  });
  const [outcome, setOutcome] = useState<State>();
  const state: State =
    outcome ??
    (checked.isPending
      ? { step: 'checking' }
      : checked.isError
        ? { step: 'refused', code: resetCodeOf(checked.error) }
        : { step: 'form', email: checked.data.email });
  const check = () => void checked.refetch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AccountCode>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'form') return;
    setSaving(true);
    setError(undefined);
    try {
      await dataProvider.confirmPasswordReset(code, password);
      setOutcome({ step: 'done', email: state.email });
    } catch (caught) {
      const failed = resetCodeOf(caught);
      if (['WEAK_PASSWORD', 'TOO_MANY_ATTEMPTS', 'NETWORK_ERROR', 'SERVER_ERROR'].includes(failed))
        setError(failed);
      else setOutcome({ step: 'refused', code: failed });
    } finally {
      setSaving(false);
    }
  };

  const title = translate('app.accounts.reset.title');
  if (state.step === 'checking') return <AccountCardLoading title={title} />;
  if (state.step === 'refused')
    return (
      <AccountCard title={title}>
        <Outcome
          severity="error"
          testId={`reset-${state.code}`}
          message={translate(accountCodeKey(state.code))}
          action={
            state.code === 'NETWORK_ERROR'
              ? undefined
              : { label: translate('app.accounts.forgot.ask_again'), to: links.forgotPassword() }
          }
          onRetry={
            state.code === 'NETWORK_ERROR'
              ? { label: translate('app.errors.retry'), run: check }
              : undefined
          }
        />
      </AccountCard>
    );
  if (state.step === 'done')
    return (
      <AccountCard title={title}>
        <Outcome
          severity="success"
          testId="reset-done"
          message={translate('app.accounts.reset.done')}
          action={{ label: translate('app.login.sign_in'), to: links.login(state.email) }}
        />
      </AccountCard>
    );
  return (
    <AccountCard
      title={title}
      subtitle={translate('app.accounts.reset.subtitle', { email: state.email })}
      onSubmit={submit}
    >
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        disabled={saving}
        error={error === 'WEAK_PASSWORD' ? translate(accountCodeKey(error)) : undefined}
      />
      {error && error !== 'WEAK_PASSWORD' && (
        <Alert severity="error" role="alert">
          {translate(accountCodeKey(error))}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={saving || !passwordsReady(password, confirmation)}
      >
        {translate('app.accounts.reset.save')}
      </Button>
    </AccountCard>
  );
}

/** A reset code's refusal: a 400 without one of the known codes is an invalid code. */
const resetCodeOf = (error: unknown) => accountCode(error, 'INVALID_CODE');

export default ResetPasswordPage;
