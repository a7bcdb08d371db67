// /forgot-password/success (query email): the link is on its way, if the address has an account.
import { Alert, Button } from '@mui/material';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { links } from '../../domain/paths.ts';
import { AccountCard } from './AccountCard.tsx';

export function ForgotPasswordSuccessPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <AccountCard title={translate('app.accounts.forgot.sent_title')}>
      <Alert severity="success" role="status">
        {translate('app.accounts.forgot.sent', { email })}
      </Alert>
      <Button component={Link} to={links.login(email || undefined)} variant="contained">
        {translate('app.accounts.back_to_sign_in')}
      </Button>
      <Button component={Link} to={links.forgotPassword(email || undefined)}>
        {translate('app.accounts.forgot.send_again')}
      </Button>
    </AccountCard>
  );
}

export default ForgotPasswordSuccessPage;
