// What counts as a refill or a theft (litres), with the defaults one click away, and the tank's
// calibration below it.
import { Button, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Machine } from '../../../../dataProvider/dataProvider.ts';
import type { FuelSettings } from '../../../../domain/api/machineSettings.ts';
import { parseLocaleNumber } from '../../../../domain/localeNumber.ts';
import { CalibrationUpload } from './CalibrationUpload.tsx';
import { Section } from './Section.tsx';
import { useMachineWrite } from './useMachineWrite.ts';
import { machineSettingKeys } from '../../../../dataProvider/machineSettings.ts';

export function FuelSettingsSection({
  machine,
  canWrite,
}: {
  machine: Machine;
  canWrite: boolean;
}) {
  const translate = useTranslate();
  const { dataProvider } = useMachineWrite(machine.id);
  const settings = useQuery({
    queryKey: machineSettingKeys.fuelSettings(machine.id),
    queryFn: () => dataProvider.getFuelSettings(machine.id),
  });
  return (
    <Section title={translate('app.machine.settings.fuel_settings')}>
      {settings.data ? (
        // Keyed by the stored values, so a save or reset starts the form from what the server kept.
        <ThresholdsForm
          key={JSON.stringify(settings.data)}
          machineId={machine.id}
          stored={settings.data}
          canWrite={canWrite}
          onSaved={() => void settings.refetch()}
        />
      ) : null}
      <CalibrationUpload machineId={machine.id} canWrite={canWrite} />
    </Section>
  );
}

function ThresholdsForm({
  machineId,
  stored,
  canWrite,
  onSaved,
}: {
  machineId: string;
  stored: FuelSettings;
  canWrite: boolean;
  onSaved(): void;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { run, busy } = useMachineWrite(machineId);
  const [draft, setDraft] = useState({
    refuelling: String(stored.min_refuelling_amount),
    dipping: String(stored.min_dipping_amount),
  });
  const refuelling = parseLocaleNumber(draft.refuelling, language) ?? 0;
  const dipping = parseLocaleNumber(draft.dipping, language) ?? 0;
  const valid = refuelling >= 1 && dipping >= 1;

  return (
    <Stack
      component="form"
      direction="row"
      gap={1}
      flexWrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        void run((provider) =>
          provider.saveFuelSettings(machineId, {
            min_refuelling_amount: refuelling,
            min_dipping_amount: dipping,
          }),
        ).then(onSaved);
      }}
    >
      <TextField
        size="small"
        label={translate('app.machine.settings.min_refuelling')}
        value={draft.refuelling}
        disabled={!canWrite}
        error={!(refuelling >= 1)}
        onChange={(e) => setDraft({ ...draft, refuelling: e.target.value })}
        sx={{ width: 170 }}
      />
      <TextField
        size="small"
        label={translate('app.machine.settings.min_dipping')}
        value={draft.dipping}
        disabled={!canWrite}
        error={!(dipping >= 1)}
        onChange={(e) => setDraft({ ...draft, dipping: e.target.value })}
        sx={{ width: 170 }}
      />
      {canWrite ? (
        <>
          <Button type="submit" variant="outlined" disabled={!valid || busy}>
            {translate('ra.action.save')}
          </Button>
          <Button
            disabled={busy}
            onClick={() =>
              void run((provider) => provider.resetFuelSettings(machineId)).then(onSaved)
            }
          >
            {translate('app.machine.settings.reset')}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
