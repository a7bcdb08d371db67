// /users/{id} and /portal/users/{id}: one person — names, role, language, time zone and report
// categories, which an admin changes; their status, organisations and last sign-in; reinvite while
// the invitation is pending; delete with confirmation. Viewers see the same, read-only.
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import Send from '@mui/icons-material/Send';
import { useState } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  CheckboxGroupInput,
  DeleteWithConfirmButton,
  Edit,
  Labeled,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { accountCode, accountCodeKey } from '../../common/accountErrors.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { UserRecord } from '../../domain/api/users.ts';
import { REPORT_CATEGORIES, REPORT_CATEGORY_IDS } from '../../domain/api/reportTypes.ts';
import type { Role } from '../../domain/constants.ts';
import { timeZoneNames } from '../../domain/zonedTime.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import { useCaller } from '../../common/useCaller.ts';
import { UserOrganisationsField, UserStatusField } from './UserFields.tsx';
import { WhenField } from '../../common/fields.tsx';
import { SessionList } from '../../sessions/SessionList.tsx';

function ReinviteButton() {
  const user = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!user || user.status === 'active') return null;
  const reinvite = async () => {
    setBusy(true);
    try {
      await dataProvider.reinvite(user.id, user.organisationId);
      notify('app.users.reinvited', { type: 'success', messageArgs: { email: user.email } });
      refresh();
    } catch (error) {
      notify(accountCodeKey(accountCode(error)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<Send />} onClick={() => void reinvite()} disabled={busy}>
      {translate('app.users.reinvite')}
    </Button>
  );
}

function UserToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      <SaveButton />
      <Stack direction="row" spacing={1}>
        <ReinviteButton />
        <DeleteWithConfirmButton mutationMode="pessimistic" />
      </Stack>
    </Toolbar>
  );
}

/** An admin sees where an active member is signed in, and ends those sessions. */
function MemberSessions() {
  const user = useRecordContext<UserRecord>();
  if (!user || user.status !== 'active') return null;
  return (
    <Box sx={{ px: 2, pb: 2, maxWidth: 720 }}>
      <SessionList userId={user.id} />
    </Box>
  );
}

function UserTitle() {
  const user = useRecordContext<UserRecord>();
  return <>{user ? `${user.firstName} ${user.lastName}`.trim() || user.email : ''}</>;
}

export function UserEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const { canWrite, isStaff } = useCaller();
  const roles: Role[] = isStaff ? ['viewer', 'admin', 'internal'] : ['viewer', 'admin'];
  const readOnly = !canWrite;
  return (
    <Edit
      title={<UserTitle />}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (saved: UserRecord) =>
          notify('app.users.saved', {
            type: 'success',
            messageArgs: { name: `${saved.firstName} ${saved.lastName}`.trim() || saved.email },
          }),
        onError: (error) => notify(accountCodeKey(accountCode(error)), { type: 'error' }),
      }}
    >
      <SimpleForm toolbar={canWrite ? <UserToolbar /> : false}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ mb: 2 }}>
          <Labeled source="email">
            <TextField source="email" />
          </Labeled>
          <Labeled source="status">
            <UserStatusField />
          </Labeled>
          <Labeled source="lastLogin">
            <WhenField source="lastLogin" />
          </Labeled>
          <Labeled source="organisations">
            <UserOrganisationsField />
          </Labeled>
          <Labeled source="secondFactor">
            <BooleanField source="secondFactor" />
          </Labeled>
        </Stack>
        <TextInput source="firstName" readOnly={readOnly} />
        <TextInput source="lastName" readOnly={readOnly} />
        <SelectInput
          source="role"
          readOnly={readOnly}
          choices={roles.map((role) => ({ id: role, name: translate(`app.users.roles.${role}`) }))}
        />
        <SelectInput
          source="language"
          readOnly={readOnly}
          choices={LANGUAGES.map((language) => ({ id: language.locale, name: language.name }))}
        />
        <AutocompleteInput
          source="timezone"
          readOnly={readOnly}
          choices={timeZoneNames().map((zone) => ({ id: zone, name: zone }))}
        />
        <CheckboxGroupInput
          source="reportCategories"
          readOnly={readOnly}
          choices={REPORT_CATEGORY_IDS.map((category) => ({
            id: category,
            // The reports each category brings, as /portal/cil-user-reports lists them.
            name: `${translate(`app.reports.categories.names.${category}`)} (${REPORT_CATEGORIES[
              category
            ]
              .map((type) => translate(`app.reports.types.${type}`))
              .join(', ')})`,
          }))}
        />
        {readOnly && (
          <Alert severity="info">
            <Typography variant="body2">{translate('app.users.read_only')}</Typography>
          </Alert>
        )}
      </SimpleForm>
      {canWrite ? <MemberSessions /> : null}
    </Edit>
  );
}

export default UserEdit;
