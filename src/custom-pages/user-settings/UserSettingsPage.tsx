// /user/settings (spec points 3, 4): the signed-in user's own name, language, time zone, which of
// machine name and asset id comes first, the mail they get and the alerts among it; a link to
// two-step sign-in. Any user may change these, viewers included; the organisation's settings are
// staff's.
import { useState } from 'react';
import {
  Autocomplete,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  Title,
  useAuthProvider,
  useDataProvider,
  useGetIdentity,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { PortalAuthProvider, PortalIdentity } from '../../authProvider/authProvider.ts';
import { accountKeys } from '../../dataProvider/account.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { EMAIL_TYPES, type EmailType } from '../../domain/api/accounts.ts';
import { alertTypesAllowed, type AlertType } from '../../domain/api/alerts.ts';
import type { UserSettingsPatch, UserSettingsReply } from '../../domain/api/session.ts';
import { PATHS } from '../../domain/paths.ts';
import { offeredLanguages } from '../../i18n/languages.ts';
import { SessionList } from '../../sessions/SessionList.tsx';
import { useUserSettings } from '../../settings/useUserSettings.ts';

const languages = offeredLanguages(window.location.hostname, import.meta.env.DEV);
const timeZones = Intl.supportedValuesOf('timeZone');

type Naming = 'organisation' | 'name' | 'assetId';

/** Saves the settings; the identity, the language shown and the cached settings follow. */
function useSaveSettings(body: () => UserSettingsPatch) {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { refetch: refetchIdentity } = useGetIdentity();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const [locale, setLocale] = useLocaleState();
  return useMutation({
    mutationFn: () => dataProvider.updateSettings(body()),
    onSuccess: (next) => {
      queryClient.setQueryData(accountKeys.settings, next);
      authProvider?.forgetIdentity();
      void refetchIdentity();
      if (next.language && next.language !== locale) setLocale(next.language);
      notify('app.user_settings.saved', { type: 'success' });
    },
    onError: (error) =>
      notify(error instanceof Error ? error.message : 'app.user_settings.save_failed', {
        type: 'error',
      }),
  });
}

/** How machines are named for this user: as the organisation says, or name or asset id first. */
function NamingField({ naming, onChange }: { naming: Naming; onChange(naming: Naming): void }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate('app.user_settings.naming')}
      value={naming}
      onChange={(event) => onChange(event.target.value as Naming)}
    >
      <MenuItem value="organisation">{translate('app.user_settings.naming_organisation')}</MenuItem>
      <MenuItem value="name">{translate('app.org_settings.machine_name_first')}</MenuItem>
      <MenuItem value="assetId">{translate('app.org_settings.asset_id_first')}</MenuItem>
    </TextField>
  );
}

function SettingsForm({
  settings,
  identity,
}: {
  settings: UserSettingsReply;
  identity: PortalIdentity;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [firstName, setFirstName] = useState(identity.firstName);
  const [lastName, setLastName] = useState(identity.lastName);
  const [language, setLanguage] = useState(settings.language ?? locale);
  const [timezone, setTimezone] = useState(settings.timezone);
  const [naming, setNaming] = useState<Naming>(settings.properties.machineName);
  // Untouched, the naming keeps following whoever set it (the user before, or the organisation).
  const [namingChosen, setNamingChosen] = useState(false);
  const [mailOn, setMailOn] = useState(settings.subscriptions.enabled);
  const [kinds, setKinds] = useState(settings.subscriptions.subscriptions as EmailType[]);
  const [alerts, setAlerts] = useState<AlertType[]>(settings.alerts);
  const [alertsChosen, setAlertsChosen] = useState(false);
  // The alerts the organisation's modules raise: none without notifications.
  const alertTypes = alertTypesAllowed(settings.modules);

  const save = useSaveSettings(() => ({
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    language: language as UserSettingsPatch['language'],
    timezone,
    ...(namingChosen ? { machineName: naming === 'organisation' ? null : naming } : {}),
    subscriptions: { enabled: mailOn, subscriptions: kinds },
    // Only a changed choice is sent: an untouched one stays as the server has it.
    ...(alertsChosen ? { alerts: alerts.filter((t) => alertTypes.includes(t)) } : {}),
  }));
  const toggle = (kind: EmailType) =>
    setKinds((old) => (old.includes(kind) ? old.filter((k) => k !== kind) : [...old, kind]));
  const toggleAlert = (type: AlertType) => {
    setAlertsChosen(true);
    setAlerts((old) => (old.includes(type) ? old.filter((t) => t !== type) : [...old, type]));
  };
  const namesValid = firstName.trim() !== '' && lastName.trim() !== '';

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={translate('resources.users.fields.firstName')}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={firstName.trim() === ''}
          fullWidth
        />
        <TextField
          label={translate('resources.users.fields.lastName')}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={lastName.trim() === ''}
          fullWidth
        />
      </Stack>
      <TextField
        select
        label={translate('resources.users.fields.language')}
        value={language}
        onChange={(event) => setLanguage(event.target.value)}
      >
        {languages.map((option) => (
          <MenuItem key={option.locale} value={option.locale}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={timeZones}
        value={timezone}
        disableClearable
        onChange={(_event, value) => setTimezone(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('resources.users.fields.timezone')}
            helperText={translate('app.user_settings.timezone_help')}
          />
        )}
      />
      <NamingField
        naming={naming}
        onChange={(next) => {
          setNaming(next);
          setNamingChosen(true);
        }}
      />
      <MailChoices
        mailOn={mailOn}
        onMailOn={setMailOn}
        kinds={kinds}
        onKind={toggle}
        alertTypes={alertTypes}
        alerts={alerts}
        onAlert={toggleAlert}
      />
      <Typography variant="body2">
        <Link to={PATHS.secondFactor}>{translate('app.second_factor.title')}</Link>
      </Typography>
      <div>
        <Button
          variant="contained"
          disabled={!namesValid || save.isPending}
          onClick={() => save.mutate()}
        >
          {translate('ra.action.save')}
        </Button>
      </div>
    </Stack>
  );
}

/** The mails the user wants, and which alerts among them. */
function MailChoices({
  mailOn,
  onMailOn,
  kinds,
  onKind,
  alertTypes,
  alerts,
  onAlert,
}: {
  mailOn: boolean;
  onMailOn(on: boolean): void;
  kinds: EmailType[];
  onKind(kind: EmailType): void;
  alertTypes: AlertType[];
  alerts: AlertType[];
  onAlert(type: AlertType): void;
}) {
  const translate = useTranslate();
  return (
    <>
      <div>
        <Typography variant="subtitle1">{translate('app.user_settings.mail')}</Typography>
        <FormControlLabel
          control={<Switch checked={mailOn} onChange={(event) => onMailOn(event.target.checked)} />}
          label={translate('app.user_settings.mail_enabled')}
        />
        <FormGroup sx={{ pl: 2 }}>
          {EMAIL_TYPES.map((kind) => (
            <FormControlLabel
              key={kind}
              disabled={!mailOn}
              control={<Checkbox checked={kinds.includes(kind)} onChange={() => onKind(kind)} />}
              label={translate(`app.user_settings.mail_types.${kind}`)}
            />
          ))}
        </FormGroup>
      </div>
      {alertTypes.length > 0 ? (
        <div>
          <Typography variant="subtitle1">{translate('app.alerts.mail_title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.alerts.mail_help')}
          </Typography>
          <FormGroup sx={{ pl: 2 }}>
            {alertTypes.map((type) => (
              <FormControlLabel
                key={type}
                disabled={!mailOn || !kinds.includes('alerts')}
                control={
                  <Checkbox checked={alerts.includes(type)} onChange={() => onAlert(type)} />
                }
                label={translate(`app.alerts.types.${type}`)}
              />
            ))}
          </FormGroup>
        </div>
      ) : null}
    </>
  );
}

export default function UserSettingsPage() {
  const translate = useTranslate();
  const { data: settings } = useUserSettings();
  const { identity } = useGetIdentity();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Card>
        <Title title={translate('app.user_settings.title')} />
        <CardContent>
          {settings && identity ? (
            <SettingsForm settings={settings} identity={identity as PortalIdentity} />
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ maxWidth: 720 }}>
          <SessionList />
        </CardContent>
      </Card>
    </Stack>
  );
}
