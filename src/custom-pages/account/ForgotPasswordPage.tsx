// /forgot-password (query email): ask for a reset link by e-mail; the answer is the same whether
// or not the address has an account.
import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, TextField } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { links } from '../../domain/paths.ts';
import { AccountCard } from './AccountCard.tsx';
import { accountCode, accountCodeKey } from '../../common/accountErrors.ts';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      await dataProvider.requestPasswordReset(email.trim());
      navigate(links.forgotPasswordSuccess(email.trim()));
    } catch (caught) {
      setError(translate(accountCodeKey(accountCode(caught))));
      setSending(false);
    }
  };

  return (
    <AccountCard
      title={translate('app.accounts.forgot.title')}
      subtitle={translate('app.accounts.forgot.subtitle')}
      onSubmit={submit}
    >
      <TextField
        label={translate('app.login.email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={sending}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending || !/^[^@\s]+@[^@\s]+$/.test(email.trim())}
        startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate('app.accounts.forgot.send')}
      </Button>
      <Button component={Link} to={links.login(email.trim() || undefined)}>
        {translate('app.accounts.back_to_sign_in')}
      </Button>
    </AccountCard>
  );
}

export default ForgotPasswordPage;
