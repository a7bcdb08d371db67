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

/** Whether sign-up is open here; undefined until the server says. */
function useRegistrationOpen() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const options = useQuery({
    queryKey: userKeys.registrationOptions,
    queryFn: () => dataProvider.getRegistrationOptions(),
  });
  return { open: options.data?.open, failed: options.isError };
}

/** Who signs up: the organisation's first admin. */
const PERSON_FIELDS = [
  { key: 'firstName', label: 'resources.users.fields.firstName', autoComplete: 'given-name' },
  { key: 'lastName', label: 'resources.users.fields.lastName', autoComplete: 'family-name' },
  { key: 'email', label: 'app.login.email', autoComplete: 'username' },
] as const;

function RegistrationForm() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [organisationName, setOrganisationName] = useState('');
  const [organisationType, setOrganisationType] = useState<OrganisationType>('end-user');
  const [timezone, setTimezone] = useState(
    isValidTimeZone(browserZone) ? browserZone : 'Europe/London',
  );
  const [person, setPerson] = useState({ firstName: '', lastName: '', email: '' });
  const { firstName, lastName, email } = person;
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AccountCode>();
  const [sent, setSent] = useState(false);

  const { open, failed } = useRegistrationOpen();

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
      <Ended
        severity="success"
        testId="register-sent"
        message={translate('app.accounts.register.sent', { email: email.trim() })}
      />
    );
  if (open === false)
    return (
      <Ended
        severity="info"
        testId="register-closed"
        message={translate(accountCodeKey('REGISTRATION_CLOSED'))}
      />
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
      <OrganisationFields
        name={organisationName}
        onName={setOrganisationName}
        type={organisationType}
        onType={setOrganisationType}
        timezone={timezone}
        onTimezone={setTimezone}
        disabled={saving}
      />
      {PERSON_FIELDS.map(({ key, label, autoComplete }) => (
        <TextField
          key={key}
          label={translate(label)}
          type={key === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete}
          required
          value={person[key]}
          onChange={(e) => setPerson({ ...person, [key]: e.target.value })}
          disabled={saving}
        />
      ))}
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        disabled={saving}
        error={error === 'WEAK_PASSWORD' ? translate(accountCodeKey(error)) : undefined}
      />
      {failed && (
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

/** The sign-up's end, sent or refused, with the way back to sign-in. */
function Ended(props: { severity: 'success' | 'info'; testId: string; message: string }) {
  const translate = useTranslate();
  return (
    <AccountCard title={translate('app.accounts.register.title')}>
      <Outcome
        {...props}
        action={{ label: translate('app.accounts.back_to_sign_in'), to: links.login() }}
      />
    </AccountCard>
  );
}

/** The new organisation: its name, what kind it is, and its time zone. */
function OrganisationFields(props: {
  name: string;
  onName(name: string): void;
  type: OrganisationType;
  onType(type: OrganisationType): void;
  timezone: string;
  onTimezone(timezone: string): void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate('app.accounts.register.organisation_name')}
        required
        autoFocus
        value={props.name}
        onChange={(e) => props.onName(e.target.value)}
        disabled={props.disabled}
      />
      <TextField
        select
        label={translate('app.accounts.register.organisation_type')}
        value={props.type}
        onChange={(e) => props.onType(e.target.value as OrganisationType)}
        disabled={props.disabled}
        helperText={translate(`app.accounts.register.types_help.${props.type}`)}
      >
        {ORGANISATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`app.accounts.register.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={timeZoneNames()}
        value={props.timezone}
        disableClearable
        onChange={(_, value) => props.onTimezone(value)}
        disabled={props.disabled}
        renderInput={(input) => (
          <TextField {...input} label={translate('resources.users.fields.timezone')} />
        )}
      />
    </>
  );
}

export default RegisterPage;
