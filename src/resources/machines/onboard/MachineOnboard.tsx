// /machines/onboard?sensor=: find an unassigned device by the code on it, then attach it to a new
// machine (the organisation's mandatory fields required) or to one of the fleet's machines.
import { Box, Link, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import type { NewMachine } from '../../../domain/api/onboarding.ts';
import { links } from '../../../domain/paths.ts';
import { onboardingKeys } from '../../../dataProvider/onboarding.ts';
import { machineSettingKeys } from '../../../dataProvider/machineSettings.ts';
import { AttachChoice, refusalOf, type AttachOption } from '../../../common/AttachChoice.tsx';
import { DeviceLookupCard, useDeviceLookup } from '../../../common/DeviceLookup.tsx';

const FIELDS = [
  'name',
  'assetId',
  'category',
  'type',
  'oem',
  'model',
  'manufacturingYear',
  'serialNumber',
] as const;
type Field = (typeof FIELDS)[number];

export function MachineOnboard() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const lookup = useDeviceLookup();
  const { sensor, claimCode, source } = lookup;
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [fields, setFields] = useState<Record<Field, string>>(
    Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>,
  );
  const [existing, setExisting] = useState<AttachOption | null>(null);
  const [search, setSearch] = useState('');
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const mandatory = useQuery({
    queryKey: machineSettingKeys.formDropDownValues,
    queryFn: () => dataProvider.getFormDropDownValues(),
  });
  const machines = useMachineChoices(search, mode === 'existing');
  const required = (field: Field) =>
    field === 'name' || (mandatory.data?.mandatoryFields ?? []).includes(field);

  const submit = async () => {
    setFieldError(null);
    const missing = FIELDS.find((f) => required(f) && fields[f].trim() === '');
    if (mode === 'new' && missing) {
      setFieldError({ field: missing, message: translate('app.onboard.required') });
      return;
    }
    setBusy(true);
    try {
      const machine = newMachineOf(fields);
      const reply = await dataProvider.onboard(
        mode === 'new'
          ? { sensor, claimCode: claimCode || undefined, machine }
          : { sensor, claimCode: claimCode || undefined, machineId: existing?.id ?? '' },
      );
      notify('app.onboard.done', { type: 'success' });
      navigate(links.machine(reply.machineId));
    } catch (error) {
      const refusal = refusalOf(error, 'machine.');
      if (refusal.field) setFieldError(refusal);
      else notify(refusal.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const canSubmit =
    source.data !== undefined &&
    !busy &&
    (mode === 'new' ? fields.name.trim() !== '' : existing !== null);

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title={translate('app.onboard.title')} />
      <DeviceLookupCard lookup={lookup}>
        {sensor ? (
          <Typography variant="body2">
            <Link component={RouterLink} to={links.assetOnboard({ sensor, claim: claimCode })}>
              {translate('app.equipment.onboard.instead')}
            </Link>
          </Typography>
        ) : null}
      </DeviceLookupCard>

      {source.data ? (
        <AttachChoice
          labels={{
            new: 'app.onboard.new_machine',
            existing: 'app.onboard.existing_machine',
            choose: 'app.onboard.choose_machine',
            attach: 'app.onboard.attach',
          }}
          mode={mode}
          onMode={setMode}
          form={
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  size="small"
                  required={required(field)}
                  label={translate(`app.onboard.fields.${field}`)}
                  value={fields[field]}
                  error={fieldError?.field === field}
                  helperText={fieldError?.field === field ? fieldError.message : undefined}
                  onChange={(e) => setFields({ ...fields, [field]: e.target.value })}
                  slotProps={{
                    htmlInput: field === 'manufacturingYear' ? { inputMode: 'numeric' } : undefined,
                  }}
                />
              ))}
            </Box>
          }
          formFields={FIELDS}
          options={machines}
          chosen={existing}
          onChoose={setExisting}
          onSearch={setSearch}
          refusal={fieldError}
          canSubmit={canSubmit}
          onSubmit={() => void submit()}
        />
      ) : null}
    </Box>
  );
}

/** The typed fields as the new machine: blanks left out, the year a number. */
function newMachineOf(fields: Record<Field, string>): NewMachine {
  return {
    name: fields.name.trim(),
    ...Object.fromEntries(
      FIELDS.filter((f) => f !== 'name' && f !== 'manufacturingYear' && fields[f].trim()).map(
        (f) => [f, fields[f].trim()],
      ),
    ),
    ...(fields.manufacturingYear.trim()
      ? { manufacturingYear: Number(fields.manufacturingYear) }
      : {}),
  };
}

/** The active machines matching the search, to attach the device to. */
function useMachineChoices(search: string, enabled: boolean): AttachOption[] {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const machines = useQuery({
    queryKey: onboardingKeys.machines(search),
    queryFn: () =>
      dataProvider.getList('machines', {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'name', order: 'ASC' },
        filter: { q: search, show: 'active' },
      }),
    enabled,
  });
  return (machines.data?.data ?? []).map((m) => ({
    id: String(m.id),
    label: `${m.name}${m.assetId ? ` · ${m.assetId}` : ''}`,
  }));
}

export default MachineOnboard;
