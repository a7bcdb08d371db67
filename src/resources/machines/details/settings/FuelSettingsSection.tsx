// What counts as a refill or a theft (litres), with the defaults one click away, and the tank's
// calibration: the uploaded file, a template to start from, and every bad row of a refused upload.
import { Alert, Button, Link, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { ApiErrorBody } from '../../../../dataProvider/apiClient.ts';
import type { Machine, PortalDataProvider } from '../../../../dataProvider/dataProvider.ts';
import { formatDateTime } from '../../../../domain/format.ts';
import { saveBlob } from '../../../saveBlob.ts';
import { Section } from './Section.tsx';
import { useMachineWrite } from './useMachineWrite.ts';

export function FuelSettingsSection({
  machine,
  canWrite,
}: {
  machine: Machine;
  canWrite: boolean;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { run, busy, dataProvider } = useMachineWrite(machine.id);
  const settings = useQuery({
    queryKey: ['machine-fuel-settings', machine.id],
    queryFn: () => dataProvider.getFuelSettings(machine.id),
  });
  const calibration = useQuery({
    queryKey: ['machine-fuel-calibration', machine.id],
    queryFn: () => dataProvider.getFuelCalibration(machine.id),
  });
  const [draft, setDraft] = useState({ refuelling: '', dipping: '' });
  const [rowErrors, setRowErrors] = useState<{ row: number; message: string }[]>([]);
  useEffect(() => {
    if (settings.data) {
      setDraft({
        refuelling: String(settings.data.min_refuelling_amount),
        dipping: String(settings.data.min_dipping_amount),
      });
    }
  }, [settings.data]);
  const refuelling = Number(draft.refuelling.replace(',', '.'));
  const dipping = Number(draft.dipping.replace(',', '.'));
  const valid = refuelling >= 1 && dipping >= 1;

  const upload = async (file: File) => {
    setRowErrors([]);
    try {
      await dataProvider.uploadFuelCalibration(machine.id, file);
      await run(() => calibration.refetch(), 'app.machine.settings.calibration_saved');
    } catch (error) {
      const body =
        error instanceof HttpError ? (error.body as ApiErrorBody | undefined) : undefined;
      setRowErrors(
        body?.rows ?? [{ row: 0, message: error instanceof Error ? error.message : String(error) }],
      );
    }
  };

  return (
    <Section title={translate('app.machine.settings.fuel_settings')}>
      <Stack
        component="form"
        direction="row"
        gap={1}
        flexWrap="wrap"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) {
            void run((provider) =>
              provider.saveFuelSettings(machine.id, {
                min_refuelling_amount: refuelling,
                min_dipping_amount: dipping,
              }),
            );
          }
        }}
      >
        <TextField
          size="small"
          label={translate('app.machine.settings.min_refuelling')}
          value={draft.refuelling}
          disabled={!canWrite}
          onChange={(e) => setDraft({ ...draft, refuelling: e.target.value })}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          label={translate('app.machine.settings.min_dipping')}
          value={draft.dipping}
          disabled={!canWrite}
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
                void run((provider) => provider.resetFuelSettings(machine.id)).then(() =>
                  settings.refetch(),
                )
              }
            >
              {translate('app.machine.settings.reset')}
            </Button>
          </>
        ) : null}
      </Stack>
      <Typography variant="body2" data-testid="calibration">
        {calibration.data?.fileName
          ? translate('app.machine.settings.calibration_file', {
              name: calibration.data.fileName,
              points: calibration.data.points.length,
              time: formatDateTime(calibration.data.uploadedAt ?? '', language),
            })
          : translate('app.machine.settings.no_calibration')}
      </Typography>
      {canWrite ? (
        <Stack direction="row" gap={2} alignItems="center">
          <Button component="label" variant="outlined" disabled={busy}>
            {translate('app.machine.settings.upload_calibration')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="calibration-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Button>
          <TemplateLink />
        </Stack>
      ) : null}
      {rowErrors.length > 0 ? (
        <Alert severity="error" data-testid="calibration-errors">
          {translate('app.machine.settings.calibration_refused')}
          <List dense disablePadding>
            {rowErrors.map((error) => (
              <ListItem key={`${error.row}-${error.message}`} disableGutters>
                {error.row > 0
                  ? translate('app.machine.settings.row_error', {
                      row: error.row,
                      message: error.message,
                    })
                  : error.message}
              </ListItem>
            ))}
          </List>
        </Alert>
      ) : null}
    </Section>
  );
}

/** The template is served to signed-in users only, so it is fetched with the token and saved. */
function TemplateLink() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <Link
      component="button"
      type="button"
      onClick={() =>
        void dataProvider
          .getCalibrationTemplate()
          .then((blob) => saveBlob(blob, 'fuel-calibration-template.csv'))
      }
    >
      {translate('app.machine.settings.template')}
    </Link>
  );
}
