// The organisation's exports: a range of positions to include, the export asked for, and the list
// of exports with their progress and, once done, their download link (valid for a day).
import { Button, Link, Stack, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { DayPicker } from '../../common/pickers.tsx';
import { useFormat } from '../../common/useFormat.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { privacyKeys } from '../../dataProvider/privacy.ts';
import { dateTimeInputValue } from '../../domain/format.ts';
import { zonedInstant } from '../../domain/zonedTime.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { JobRow, JobState, useJobs } from './jobParts.tsx';

const DAY_MS = 86_400_000;

export function ExportsSection() {
  const translate = useTranslate();
  const format = useFormat();
  const timeZone = useTimeZone() ?? 'UTC';
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The last 30 days, on the user's calendar, from when the screen opened.
  const [range, setRange] = useState(() => ({
    from: dateTimeInputValue(Date.now() - 30 * DAY_MS, timeZone).slice(0, 10),
    to: dateTimeInputValue(Date.now(), timeZone).slice(0, 10),
  }));
  const { jobs, ask } = useJobs(
    privacyKeys.exports,
    (signal) => dataProvider.listExports(signal),
    'app.privacy.export_asked',
  );
  const askExport = () =>
    ask(() =>
      dataProvider.askExport({
        positionsFrom: zonedInstant(range.from, 0, timeZone).toISOString(),
        positionsTo: zonedInstant(range.to, 24 * 60, timeZone).toISOString(),
      }),
    );
  return (
    <Stack gap={1} data-testid="exports">
      <Typography variant="h6">{translate('app.privacy.exports')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.privacy.exports_intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
        <DayPicker
          label={translate('app.privacy.positions_from')}
          value={range.from}
          onChange={(from) => setRange({ ...range, from })}
          size="small"
        />
        <DayPicker
          label={translate('app.privacy.positions_to')}
          value={range.to}
          onChange={(to) => setRange({ ...range, to })}
          size="small"
        />
        <Button
          variant="contained"
          onClick={() => void askExport()}
          disabled={!range.from || !range.to}
        >
          {translate('app.privacy.export')}
        </Button>
      </Stack>
      {jobs?.length === 0 ? (
        <Typography color="text.secondary">{translate('app.privacy.no_exports')}</Typography>
      ) : null}
      {jobs?.map((job) => (
        <JobRow key={job.id} job={job} testId="export-row">
          <JobState job={job} />
          {job.downloadUrl ? (
            <Link href={job.downloadUrl} download sx={{ display: 'inline-flex', gap: 0.5 }}>
              <Download fontSize="small" />
              {translate('app.privacy.download', { size: format.bytes(job.sizeBytes ?? 0) })}
            </Link>
          ) : job.state === 'done' ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.privacy.export_gone')}
            </Typography>
          ) : null}
          {job.error ? (
            <Typography variant="body2" color="error">
              {job.error}
            </Typography>
          ) : null}
        </JobRow>
      ))}
    </Stack>
  );
}
