// The parts of a report's forms: the dates, site and format chosen, and the report file being made
// (its progress in machines done, then its download, or why it failed).
import {
  Alert,
  Box,
  Chip,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { links } from '../../domain/paths.ts';
import type { ReportFile, ReportFormat } from '../../domain/api/reports.ts';
import { decodeFilter } from '../../domain/filterQuery.ts';
import { DayPicker } from '../../common/pickers.tsx';

export function ReportFileProgress({
  made,
  onDownload,
  onAnother,
}: {
  made: ReportFile;
  onDownload: () => void;
  onAnother: () => void;
}) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          {made.status === 'failed' ? (
            <Alert severity="error">
              {translate('app.reports.create.failed', { error: made.error ?? '' })}
            </Alert>
          ) : made.status === 'done' ? (
            <Alert severity="success">{translate('app.reports.create.done')}</Alert>
          ) : (
            <>
              <Typography>
                {made.machinesTotal === null
                  ? translate('app.reports.create.queued')
                  : translate('app.reports.create.progress', {
                      percent: made.percent,
                      done: made.machinesDone,
                      total: made.machinesTotal,
                    })}
              </Typography>
              <LinearProgress
                variant={made.machinesTotal === null ? 'indeterminate' : 'determinate'}
                value={made.percent}
                aria-label={translate('app.reports.create.progress_label')}
              />
            </>
          )}
          <Stack direction="row" spacing={1}>
            {made.status === 'done' ? (
              <Button variant="contained" onClick={onDownload}>
                {translate('app.reports.create.download')}
              </Button>
            ) : null}
            <Button component={Link} to={links.files({ showFilesTab: 'reports' })}>
              {translate('app.reports.create.open_files')}
            </Button>
            {made.status === 'done' || made.status === 'failed' ? (
              <Button onClick={onAnother}>{translate('app.reports.create.another')}</Button>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Two dates of a range, from and to. */
export function DateRangeFields({
  start,
  end,
  onStart,
  onEnd,
  disabled,
}: {
  start: string;
  end: string;
  onStart: (day: string) => void;
  onEnd: (day: string) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2}>
      <DayPicker
        label={translate('app.reports.create.start')}
        value={start}
        onChange={onStart}
        disabled={disabled}
      />
      <DayPicker
        label={translate('app.reports.create.end')}
        value={end}
        onChange={onEnd}
        disabled={disabled}
      />
    </Stack>
  );
}

/** One of the organisation's sites, or all of them. */
export function SiteSelect({
  sites,
  value,
  onChange,
  disabled = false,
}: {
  sites: { id: string; name: string }[];
  value: string;
  onChange: (site: string) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate('app.reports.create.site')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('app.reports.create.all_sites')}</MenuItem>
      {sites.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function FormatChoice({
  value,
  onChange,
  disabled,
}: {
  value: ReportFormat;
  onChange: (format: ReportFormat) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  return (
    <RadioGroup
      row
      aria-label={translate('app.reports.create.format')}
      value={value}
      onChange={(event) => onChange(event.target.value as ReportFormat)}
    >
      <FormControlLabel value="pdf" control={<Radio />} label="PDF" disabled={disabled} />
      <FormControlLabel value="csv" control={<Radio />} label="CSV" disabled={disabled} />
      <FormControlLabel value="xlsx" control={<Radio />} label="XLSX" disabled={disabled} />
    </RadioGroup>
  );
}

function filterCount(filter: string): number {
  try {
    return Object.values(decodeFilter(filter)).reduce((n, keys) => n + keys.length, 0);
  } catch {
    return 0;
  }
}

/** The machine list's filter the report follows, as a count of its choices; deletable before. */
export function FilterChip({ filter, onDelete }: { filter: string; onDelete?: () => void }) {
  const translate = useTranslate();
  return (
    <Box>
      <Chip
        label={translate('app.reports.create.filter_count', { smart_count: filterCount(filter) })}
        onDelete={onDelete}
      />
    </Box>
  );
}
