// A new password twice, with the rule shown before the server judges it (WEAK_PASSWORD).
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MIN_PASSWORD_LENGTH } from '../../domain/api/accounts.ts';

export interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  disabled?: boolean;
  /** The server's refusal, shown under the password. */
  error?: string;
}

/** Whether the two fields may be sent: long enough, and the same. */
export const passwordsReady = (password: string, confirmation: string) =>
  password.length >= MIN_PASSWORD_LENGTH && password === confirmation;

export function PasswordFields(props: PasswordFieldsProps) {
  const translate = useTranslate();
  const mismatch = props.confirmation !== '' && props.confirmation !== props.password;
  return (
    <>
      <TextField
        label={translate('app.accounts.new_password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        disabled={props.disabled}
        error={Boolean(props.error)}
        helperText={
          props.error ?? translate('app.accounts.password_rule', { min: MIN_PASSWORD_LENGTH })
        }
      />
      <TextField
        label={translate('app.accounts.repeat_password')}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        required
        value={props.confirmation}
        onChange={(e) => props.onConfirmation(e.target.value)}
        disabled={props.disabled}
        error={mismatch}
        helperText={mismatch ? translate('app.accounts.passwords_differ') : ' '}
      />
    </>
  );
}
