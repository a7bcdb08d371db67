// How a user's status, role and organisations show in lists and on the details screen.
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../../domain/api/users.ts';

const STATUS_COLOUR = {
  active: 'success',
  invited: 'info',
  'invitation-expired': 'warning',
} as const;

export function UserStatusField() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[user.status]}
      variant="outlined"
      label={translate(`app.users.statuses.${user.status}`)}
    />
  );
}

export function UserRoleField() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  return user ? <>{translate(`app.users.roles.${user.role}`)}</> : null;
}

export function UserOrganisationsField() {
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {user.organisations.map((org) => (
        <Chip key={org.id} size="small" label={org.name} />
      ))}
    </Stack>
  );
}

export function UserNameField() {
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  return <>{`${user.firstName} ${user.lastName}`.trim() || '—'}</>;
}
