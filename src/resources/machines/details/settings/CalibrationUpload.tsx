// The tank's calibration: the uploaded file, a template to start from, and every bad row of a
// refused upload (the server keeps the old calibration then).
import { Alert, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { ApiErrorBody } from '../../../../api/apiClient.ts';
import type { PortalDataProvider } from '../../../../dataProvider/dataProvider.ts';
import { formatDateTime } from '../../../../domain/format.ts';
import { saveBlob } from '../../../../common/saveBlob.ts';
import { UploadButton } from './UploadButton.tsx';
import { useMachineWrite } from './useMachineWrite.ts';
import { machineSettingKeys } from '../../../../dataProvider/machineSettings.ts';
import { useTimeZone } from '../../../../settings/useTimeZone.ts';

type RowError = { row: number; message: string };

export function CalibrationUpload({
  machineId,
  canWrite,
}: {
  machineId: string;
  canWrite: boolean;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { run, busy } = useMachineWrite(machineId);
  const calibration = useQuery({
    queryKey: machineSettingKeys.fuelCalibration(machineId),
    queryFn: () => dataProvider.getFuelCalibration(machineId),
  });
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);

  const upload = async (file: File) => {
    setRowErrors([]);
    try {
      await dataProvider.uploadFuelCalibration(machineId, file);
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
    <>
      <Typography variant="body2" data-testid="calibration">
        {calibration.data?.fileName
          ? translate('app.machine.settings.calibration_file', {
              name: calibration.data.fileName,
              points: calibration.data.points.length,
              time: formatDateTime(calibration.data.uploadedAt ?? '', language, timeZone),
            })
          : translate('app.machine.settings.no_calibration')}
      </Typography>
      {canWrite ? (
        <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
          <UploadButton
            label={translate('app.machine.settings.upload_calibration')}
            accept=".csv,text/csv"
            testId="calibration-input"
            disabled={busy}
            onFile={(file) => void upload(file)}
          />
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
    </>
  );
}
