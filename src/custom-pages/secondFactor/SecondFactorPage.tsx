// /user/second-factor: the user's own two-step sign-in. Off: set it up with an authenticator app
// and a first code. On: how many recovery codes are left, new ones, and turning it off (not while
// an organisation requires it). Staff also switch the requirement for the organisation they are
// in. Recovery codes made by a sign-in that turned it on are shown here first, once.
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Title,
  useAuthProvider,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { PortalAuthProvider, PortalIdentity } from '../../authProvider/authProvider.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { secondFactorKeys } from '../../dataProvider/secondFactor.ts';
import type { SecondFactorSetup } from '../../domain/api/secondFactor.ts';
import { CodeField, SetupSteps } from './SetupSteps.tsx';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';

type Action = 'enable' | 'codes' | 'disable';

export default function SecondFactorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const me = identity as PortalIdentity | undefined;
  const [codes, setCodes] = useState(() => authProvider?.takeRecoveryCodes());
  const [setup, setSetup] = useState<SecondFactorSetup>();
  const [code, setCode] = useState('');
  const status = useQuery({
    queryKey: secondFactorKeys.status,
    queryFn: () => dataProvider.getSecondFactor(),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
  const failed = (error: unknown) =>
    notify(error instanceof Error ? error.message : 'app.errors.no_response', { type: 'error' });

  const start = useMutation({
    mutationFn: () => dataProvider.startSecondFactorSetup(),
    onSuccess: (made) => {
      setSetup(made);
      setCode('');
    },
    onError: failed,
  });
  const act = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'enable') return (await dataProvider.enableSecondFactor(code)).recoveryCodes;
      if (action === 'codes') return (await dataProvider.newRecoveryCodes(code)).recoveryCodes;
      await dataProvider.disableSecondFactor(code);
      return undefined;
    },
    onSuccess: (made, action) => {
      setCodes(made);
      setSetup(undefined);
      setCode('');
      notify(`app.second_factor.done_${action}`, { type: 'success' });
      void refresh();
    },
    onError: failed,
  });

  const submit = (action: Action) => (event?: FormEvent) => {
    event?.preventDefault();
    act.mutate(action);
  };
  const current = status.data;
  const mandatory = (current?.requiredBy.length ?? 0) > 0;

  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title={translate('app.second_factor.title')} />
      <Stack spacing={2}>
        {codes && <RecoveryCodesList codes={codes} />}
        <Card>
          <CardContent component="form" onSubmit={submit(current?.enabled ? 'codes' : 'enable')}>
            <Stack spacing={2}>
              <Typography variant="h6">{translate('app.second_factor.title')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.second_factor.intro')}
              </Typography>
              {status.isError && (
                <Alert severity="error">{translate('app.errors.no_response')}</Alert>
              )}
              {mandatory && (
                <Alert severity="info">
                  {translate('app.second_factor.required_by', {
                    names: current?.requiredBy.join(', ') ?? '',
                  })}
                </Alert>
              )}
              {current && !current.enabled && !setup && (
                <Box>
                  <Button
                    variant="contained"
                    onClick={() => start.mutate()}
                    disabled={start.isPending}
                  >
                    {translate('app.second_factor.turn_on')}
                  </Button>
                </Box>
              )}
              {current && !current.enabled && setup && (
                <>
                  <SetupSteps setup={setup} />
                  <CodeField value={code} onChange={setCode} recovery={false} />
                  <Box>
                    <Button type="submit" variant="contained" disabled={!code || act.isPending}>
                      {translate('app.second_factor.confirm')}
                    </Button>
                  </Box>
                </>
              )}
              {current?.enabled && (
                <FactorOn
                  codesLeft={current.recoveryCodesLeft}
                  code={code}
                  onCode={setCode}
                  busy={act.isPending}
                  mandatory={mandatory}
                  onTurnOff={submit('disable')}
                />
              )}
            </Stack>
          </CardContent>
        </Card>
        {me?.role === 'internal' && current && (
          <OrganisationRequirement
            organisation={me.organisation}
            required={current.organisationRequires}
            onChanged={() => void refresh()}
            onFailed={failed}
          />
        )}
      </Stack>
    </Box>
  );
}

/** Staff make the second factor a must for everyone in the organisation. */
function OrganisationRequirement({
  organisation,
  required,
  onChanged,
  onFailed,
}: {
  organisation: { id: string; name: string };
  required: boolean;
  onChanged(): void;
  onFailed(error: unknown): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const requirement = useMutation({
    mutationFn: (next: boolean) => dataProvider.requireSecondFactor(organisation.id, next),
    onSuccess: onChanged,
    onError: onFailed,
  });
  return (
    <Card>
      <CardContent>
        <FormControlLabel
          control={
            <Switch
              checked={required}
              disabled={requirement.isPending}
              onChange={(event) => requirement.mutate(event.target.checked)}
            />
          }
          label={translate('app.second_factor.require_for', { name: organisation.name })}
        />
      </CardContent>
    </Card>
  );
}

/** The second factor is on: new recovery codes (the form's submit) or off, each with a code. */
function FactorOn(props: {
  codesLeft: number;
  code: string;
  onCode(code: string): void;
  busy: boolean;
  mandatory: boolean;
  onTurnOff(): void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="success">
        {translate('app.second_factor.is_on', { smart_count: props.codesLeft })}
      </Alert>
      <CodeField value={props.code} onChange={props.onCode} recovery />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" disabled={!props.code || props.busy}>
          {translate('app.second_factor.new_codes')}
        </Button>
        <Button
          color="error"
          onClick={() => props.onTurnOff()}
          disabled={!props.code || props.mandatory || props.busy}
        >
          {translate('app.second_factor.turn_off')}
        </Button>
      </Stack>
    </>
  );
}
