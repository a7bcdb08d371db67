// /rsvp (query token): an invitation's link. Its four outcomes of spec point 8 each have their own
// screen (INVALID_TOKEN, EXPIRED, ALREADY_ACCEPTED, and the server or the network failing); a valid
// one asks a new person for their name and a password, or links an existing account at a click.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, TextField } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import type { InvitationDetails } from '../../domain/api/users.ts';
import { links } from '../../domain/paths.ts';
import { AccountCard, AccountCardLoading } from './AccountCard.tsx';
import { accountCode, accountCodeKey, type AccountCode } from '../../common/accountErrors.ts';
import { Outcome } from './Outcome.tsx';
import { PasswordFields, passwordsReady } from './PasswordFields.tsx';

/** What accepting led to, once tried: the link refused after all, or the new member. */
type Accepted =
  | { step: 'refused'; code: AccountCode }
  | { step: 'accepted'; email: string; organisationName: string };

const NEXT_STEP: Partial<Record<AccountCode, 'sign-in' | 'retry'>> = {
  ALREADY_ACCEPTED: 'sign-in',
  NETWORK_ERROR: 'retry',
  SERVER_ERROR: 'retry',
};

export function RsvpPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useQuery({
    queryKey: userKeys.invitation(token),
    queryFn: () => dataProvider.getInvitation(token),
    retry: false,
    // A link without its token is not valid: nothing to ask.
    enabled: token !== '',
  });
  const [accepted, setAccepted] = useState<Accepted>();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AccountCode>();

  const state: Accepted | { step: 'loading' } | { step: 'invited'; invitation: InvitationDetails } =
    accepted ??
    (token === ''
      ? { step: 'refused', code: 'INVALID_TOKEN' }
      : invitation.isPending
        ? { step: 'loading' }
        : invitation.isError
          ? { step: 'refused', code: accountCode(invitation.error, 'INVALID_TOKEN') }
          : { step: 'invited', invitation: invitation.data });
  const load = () => void invitation.refetch();

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'invited') return;
    setSaving(true);
    setError(undefined);
    const details = state.invitation;
    try {
      const reply = await dataProvider.acceptInvitation(
        details.accountExists
          ? { token }
          : {
              token,
              password,
              ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
              ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
            },
      );
      setAccepted({ step: 'accepted', ...reply });
    } catch (caught) {
      const code = accountCode(caught, 'INVALID_TOKEN');
      if (['INVALID_TOKEN', 'EXPIRED', 'ALREADY_ACCEPTED'].includes(code))
        setAccepted({ step: 'refused', code });
      else setError(code);
    } finally {
      setSaving(false);
    }
  };

  const title = translate('app.accounts.rsvp.title');
  if (state.step === 'loading') return <AccountCardLoading title={title} />;
  if (state.step === 'refused') return <Refused code={state.code} onRetry={load} />;
  if (state.step === 'accepted') return <Welcome accepted={state} />;

  const details = state.invitation;
  const ready = details.accountExists || passwordsReady(password, confirmation);
  return (
    <AccountCard
      title={title}
      subtitle={translate('app.accounts.rsvp.invited', {
        who: details.invitedBy ?? translate('app.accounts.rsvp.someone'),
        organisation: details.organisationName,
        role: translate(`app.users.roles.${details.role}`),
      })}
      onSubmit={accept}
    >
      <TextField label={translate('app.login.email')} value={details.email} disabled />
      {details.accountExists ? (
        <Alert severity="info">{translate('app.accounts.rsvp.existing_account')}</Alert>
      ) : (
        <>
          <TextField
            label={translate('resources.users.fields.firstName')}
            name="given-name"
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            disabled={saving}
          />
          <TextField
            label={translate('resources.users.fields.lastName')}
            name="family-name"
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
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
        </>
      )}
      {error && error !== 'WEAK_PASSWORD' && (
        <Alert severity="error" role="alert">
          {translate(accountCodeKey(error))}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={saving || !ready}>
        {translate('app.accounts.rsvp.accept')}
      </Button>
    </AccountCard>
  );
}

/** Why the invitation cannot be used, and what to do next: sign in, or try again. */
function Refused({ code, onRetry }: { code: AccountCode; onRetry(): void }) {
  const translate = useTranslate();
  const next = NEXT_STEP[code];
  return (
    <AccountCard title={translate('app.accounts.rsvp.title')}>
      <Outcome
        severity={code === 'ALREADY_ACCEPTED' ? 'info' : 'error'}
        testId={`rsvp-${code}`}
        message={translate(`app.accounts.rsvp.${code}`, { _: translate(accountCodeKey(code)) })}
        action={
          next === 'sign-in'
            ? { label: translate('app.login.sign_in'), to: links.login() }
            : undefined
        }
        onRetry={
          next === 'retry' ? { label: translate('app.errors.retry'), run: onRetry } : undefined
        }
      />
    </AccountCard>
  );
}

/** The invitation accepted: the organisation joined, and sign-in with the address filled in. */
function Welcome({ accepted }: { accepted: Extract<Accepted, { step: 'accepted' }> }) {
  const translate = useTranslate();
  return (
    <AccountCard title={translate('app.accounts.rsvp.title')}>
      <Outcome
        severity="success"
        testId="rsvp-accepted"
        message={translate('app.accounts.rsvp.accepted', {
          organisation: accepted.organisationName,
        })}
        action={{ label: translate('app.login.sign_in'), to: links.login(accepted.email) }}
      />
    </AccountCard>
  );
}

export default RsvpPage;
