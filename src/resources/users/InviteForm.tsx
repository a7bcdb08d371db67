// The invitation (spec point 5): addresses typed as a comma-separated list (split on commas, spaces
// removed, empty entries dropped), a role, and the organisation when the inviter manages several
// (a rental company's customers). Addresses already in the organisation are skipped and named;
// the others are invited.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate, type TranslateFunction } from 'react-admin';
import { accountCode, accountCodeKey } from '../../common/accountErrors.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import type { Role } from '../../domain/constants.ts';
import { parseInvitationEmails } from '../../domain/invitationEmails.ts';
import { useCaller } from '../../common/useCaller.ts';

export interface InviteFormProps {
  /** Offer only these organisations (the customers' view leaves the inviter's own out). */
  customersOnly?: boolean;
  onInvited(count: number): void;
  onCancel?: () => void;
}

export function InviteForm({ customersOnly = false, onInvited, onCancel }: InviteFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { identity, isStaff } = useCaller();
  const organisations = useQuery({
    queryKey: userKeys.organisations,
    queryFn: () => dataProvider.getManagedOrganisations(),
  });
  const choices = (organisations.data?.organisations ?? []).filter(
    (org) => !customersOnly || org.id !== identity?.organisation.id,
  );
  const [input, setInput] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [organisationId, setOrganisationId] = useState<string>('');
  const [flagged, setFlagged] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const { emails, invalid } = parseInvitationEmails(input);
  const target = organisationId || (customersOnly ? '' : (identity?.organisation.id ?? ''));
  const roles: Role[] = isStaff ? ['viewer', 'admin', 'internal'] : ['viewer', 'admin'];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    setFlagged([]);
    try {
      // Addresses already in the organisation are left out and named; the others are invited.
      const { invited, skipped } = await dataProvider.invite({
        emails,
        role,
        ...(target ? { organisationId: target } : {}),
      });
      const sent = translate('app.users.invite.sent', { smart_count: invited.length });
      if (skipped.length === 0) notify(sent, { type: 'success' });
      else
        notify('app.users.invite.sent_skipping', {
          type: 'warning',
          messageArgs: { sent, emails: skipped.map((item) => item.email).join(', ') },
        });
      setInput('');
      onInvited(invited.length);
    } catch (caught) {
      const code = accountCode(caught);
      // Every address was already in the organisation: nothing was sent.
      if (code === 'EMAIL_ALREADY_EXISTS') setFlagged(emails);
      else setError(translate(accountCodeKey(code)));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ pt: 1 }}>
      <TextField
        label={translate('app.users.invite.emails')}
        helperText={emailsHelp(translate, emails.length, invalid)}
        error={invalid.length > 0}
        multiline
        minRows={2}
        autoFocus
        value={input}
        onChange={(e) => setInput(e.target.value)}
        disabled={sending}
        inputProps={{ 'data-testid': 'invite-emails' }}
      />
      <ChoiceField
        label={translate('resources.users.fields.role')}
        value={role}
        onChange={(value) => setRole(value as Role)}
        disabled={sending}
        choices={roles.map((value) => ({ value, label: translate(`app.users.roles.${value}`) }))}
      />
      {choices.length > (customersOnly ? 0 : 1) && (
        <ChoiceField
          label={translate('resources.users.fields.organisationName')}
          value={target}
          onChange={setOrganisationId}
          disabled={sending}
          required
          choices={choices.map((org) => ({ value: org.id, label: org.name }))}
        />
      )}
      {customersOnly && organisations.isSuccess && choices.length === 0 && (
        <Alert severity="info">{translate('app.users.invite.no_customers')}</Alert>
      )}
      {flagged.length > 0 && (
        <Alert severity="warning" role="alert" data-testid="invite-flagged">
          {translate('app.accounts.codes.EMAIL_ALREADY_EXISTS')} {flagged.join(', ')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={sending}>
            {translate('ra.action.cancel')}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={sending || emails.length === 0 || invalid.length > 0 || !target}
          startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('app.users.invite.send')}
        </Button>
      </Box>
    </Stack>
  );
}

/** What the addresses field says under it: the ones that are not addresses, or how many. */
function emailsHelp(translate: TranslateFunction, count: number, invalid: string[]): string {
  if (invalid.length > 0)
    return translate('app.users.invite.invalid', { emails: invalid.join(', ') });
  return count === 0
    ? translate('app.users.invite.emails_help')
    : translate('app.users.invite.emails_count', { smart_count: count });
}

function ChoiceField({
  choices,
  onChange,
  ...props
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  required?: boolean;
  choices: { value: string; label: string }[];
}) {
  return (
    <TextField select {...props} onChange={(e) => onChange(e.target.value)}>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
