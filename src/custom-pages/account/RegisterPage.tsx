// /register: a new organisation and its first admin, confirmed by the link mailed to the admin
// (/register?token=... confirms). Closed unless the server allows registration.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Autocomplete, Button, MenuItem, TextField } from '@mui/material';
import { Link, useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import { ORGANISATION_TYPES, type OrganisationType } from '../../domain/constants.ts';
import { links } from '../../domain/paths.ts';
import { isValidTimeZone, timeZoneNames } from '../../domain/zonedTime.ts';
import { AccountCard, AccountCardLoading } from './AccountCard.tsx';
import { accountCode, accountCodeKey, type AccountCode } from '../../common/accountErrors.ts';
import { Outcome } from './Outcome.tsx';
import { PasswordFields, passwordsReady } from './PasswordFields.tsx';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /register?token=: the mailed link that confirms the address. */
function ConfirmRegistration({ token }: { token: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Once per link: a second confirmation would only say it is already confirmed.
  const confirmation = useQuery({
    queryKey: userKeys.registrationConfirmation(token),
    queryFn: () => dataProvider.confirmRegistration(token),
    retry: false,
    staleTime: Infinity,
  });
  const state: { email?: string; code?: AccountCode } | undefined = confirmation.isPending
    ? undefined
    : confirmation.isError
      ? { code: accountCode(confirmation.error, 'INVALID_TOKEN') }
      : { email: confirmation.data.email };
  const confirm = () => void confirmation.refetch();
  const title = translate('app.accounts.register.confirm_title');
  if (!state) return <AccountCardLoading title={title} />;
  const retry = state.code === 'NETWORK_ERROR' || state.code === 'SERVER_ERROR';
  return (
    <AccountCard title={title}>
      <Outcome
        severity={state.email ? 'success' : state.code === 'ALREADY_ACCEPTED' ? 'info' : 'error'}
        testId={state.email ? 'register-confirmed' : `register-${state.code}`}
        message={
          state.email
            ? translate('app.accounts.register.confirmed')
            : translate(`app.accounts.register.${state.code}`, {
                _: translate(accountCodeKey(state.code ?? 'SERVER_ERROR')),
              })
        }
        action={
          retry
            ? undefined
            : { label: translate('app.login.sign_in'), to: links.login(state.email) }
        }
        onRetry={retry ? { label: translate('app.errors.retry'), run: confirm } : undefined}
      />
    </AccountCard>
  );
}

export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmRegistration token={token} /> : <RegistrationForm />;
}

function RegistrationForm() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [organisationName, setOrganisationName] = useState('');
  const [organisationType, setOrganisationType] = useState<OrganisationType>('end-user');
  const [timezone, setTimezone] = useState(
    isValidTimeZone(browserZone) ? browserZone : 'Europe/London',
  );
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AccountCode>();
  const [sent, setSent] = useState(false);

  const options = useQuery({
    queryKey: userKeys.registrationOptions,
    queryFn: () => dataProvider.getRegistrationOptions(),
  });
  const open = options.data?.open;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      await dataProvider.register({
        organisationName: organisationName.trim(),
        organisationType,
        timezone,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        password,
      });
      setSent(true);
    } catch (caught) {
      setError(accountCode(caught));
    } finally {
      setSaving(false);
    }
  };

  const title = translate('app.accounts.register.title');
  if (sent)
    return (
      <AccountCard title={title}>
        <Outcome
          severity="success"
          testId="register-sent"
          message={translate('app.accounts.register.sent', { email: email.trim() })}
          action={{ label: translate('app.accounts.back_to_sign_in'), to: links.login() }}
        />
      </AccountCard>
    );
  if (open === false)
    return (
      <AccountCard title={title}>
        <Outcome
          severity="info"
          testId="register-closed"
          message={translate(accountCodeKey('REGISTRATION_CLOSED'))}
          action={{ label: translate('app.accounts.back_to_sign_in'), to: links.login() }}
        />
      </AccountCard>
    );
  const ready =
    open === true &&
    organisationName.trim().length >= 2 &&
    firstName.trim() !== '' &&
    lastName.trim() !== '' &&
    /^[^@\s]+@[^@\s]+$/.test(email.trim()) &&
    passwordsReady(password, confirmation);
  return (
    <AccountCard
      title={title}
      subtitle={translate('app.accounts.register.subtitle')}
      onSubmit={submit}
      width={480}
    >
      <TextField
        label={translate('app.accounts.register.organisation_name')}
        required
        autoFocus
        value={organisationName}
        onChange={(e) => setOrganisationName(e.target.value)}
        disabled={saving}
      />
      <TextField
        select
        label={translate('app.accounts.register.organisation_type')}
        value={organisationType}
        onChange={(e) => setOrganisationType(e.target.value as OrganisationType)}
        disabled={saving}
        helperText={translate(`app.accounts.register.types_help.${organisationType}`)}
      >
        {ORGANISATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`app.accounts.register.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={timeZoneNames()}
        value={timezone}
        disableClearable
        onChange={(_, value) => setTimezone(value)}
        disabled={saving}
        renderInput={(input) => (
          <TextField {...input} label={translate('resources.users.fields.timezone')} />
        )}
      />
      <TextField
        label={translate('resources.users.fields.firstName')}
        autoComplete="given-name"
        required
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        disabled={saving}
      />
      <TextField
        label={translate('resources.users.fields.lastName')}
        autoComplete="family-name"
        required
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        disabled={saving}
      />
      <TextField
        label={translate('app.login.email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={saving}
      />
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        disabled={saving}
        error={error === 'WEAK_PASSWORD' ? translate(accountCodeKey(error)) : undefined}
      />
      {options.isError && (
        <Alert severity="error" role="alert">
          {translate(accountCodeKey('NETWORK_ERROR'))}
        </Alert>
      )}
      {error && error !== 'WEAK_PASSWORD' && (
        <Alert severity="error" role="alert">
          {translate(accountCodeKey(error))}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={saving || !ready}>
        {translate('app.accounts.register.submit')}
      </Button>
      <Button component={Link} to={links.login()}>
        {translate('app.accounts.back_to_sign_in')}
      </Button>
    </AccountCard>
  );
}

export default RegisterPage;
