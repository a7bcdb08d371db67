// /mm-reports?report=…&site=…&startDate=…&endDate=…: a report opened as a page. The page asks for
// a short-lived token of the report (GET /v1/user/reports/{id}/token), then the report as data
// (GET /v1/reports/view): the very sections, charts and cells of its PDF, for the range and site.
import {
  Alert,
  Box,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { reportKeys } from '../../dataProvider/reports.ts';
import { REPORT_TYPES, type ReportType, type ReportView } from '../../domain/api/reports.ts';
import { BOUNDED_PRESETS, presetRange } from '../../domain/datePresets.ts';
import { DateRangeControl } from '../../common/DateRangeControl.tsx';
import { useFormat } from '../../common/useFormat.ts';

/** Rows drawn on the page; the file has them all. */
const MAX_PAGE_ROWS = 500;
const SERIES_COLOURS = ['#0857B2', '#f28c28', '#8a96a3', '#2e7d32', '#c62828'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function Section({ section }: { section: ReportView['sections'][number] }) {
  const translate = useTranslate();
  const format = useFormat();
  /** A cell as the PDF has it, in the user's language: figures and days included. */
  const shown = (cell: string | number | null) => {
    if (typeof cell === 'number') return format.number(cell);
    return cell !== null && DAY.test(cell) ? format.date(cell) : (cell ?? '');
  };
  const { chart } = section;
  const bars = chart?.bars.slice(0, 24).map((bar) => ({
    label: bar.label,
    ...Object.fromEntries(chart.series.map((name, i) => [name, bar.values[i] ?? 0])),
  }));
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {section.title}
        </Typography>
        {chart && bars && bars.length > 0 ? (
          <Box sx={{ height: Math.max(160, bars.length * 22 + 60) }}>
            <ResponsiveContainer>
              <BarChart data={bars} layout="vertical" margin={{ left: 24 }}>
                <CartesianGrid horizontal={false} />
                <XAxis
                  type="number"
                  unit={` ${chart.unit}`}
                  tickFormatter={(value: number) => format.number(value)}
                />
                <YAxis type="category" dataKey="label" width={180} />
                <Tooltip
                  formatter={(value) => (typeof value === 'number' ? format.number(value) : value)}
                />
                <Legend />
                {chart.series.map((name, i) => (
                  <Bar
                    key={name}
                    dataKey={name}
                    stackId="a"
                    fill={SERIES_COLOURS[i] ?? '#5f6b7a'}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </Box>
        ) : null}
        {section.rows.length === 0 ? (
          <Typography color="text.secondary">{translate('app.reports.page.empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {section.headings.map((heading, i) => (
                    <TableCell key={heading} align={section.numeric[i] ? 'right' : 'left'}>
                      {heading}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {section.rows.slice(0, MAX_PAGE_ROWS).map((row, r) => (
                  <TableRow key={r}>
                    {row.map((cell, i) => (
                      <TableCell key={i} align={section.numeric[i] ? 'right' : 'left'}>
                        {shown(cell)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {section.notes.map((note) => (
              <Typography key={note} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {note}
              </Typography>
            ))}
            {section.rows.length > MAX_PAGE_ROWS ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('app.reports.page.more', {
                  shown: MAX_PAGE_ROWS,
                  total: section.rows.length,
                })}
              </Typography>
            ) : null}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export default function ReportPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const fallback = presetRange('last7Days', new Date());
  const report = params.get('report') ?? '';
  const type = (REPORT_TYPES as readonly string[]).includes(report) ? (report as ReportType) : null;
  const startDate = DAY.test(params.get('startDate') ?? '')
    ? (params.get('startDate') as string)
    : fallback.startDate;
  const endDate = DAY.test(params.get('endDate') ?? '')
    ? (params.get('endDate') as string)
    : fallback.endDate;
  const site = params.get('site') ?? '';
  const sites = useQuery({ queryKey: ['sites'], queryFn: () => dataProvider.getSites() });
  const siteChoices = sites.data?.sites ?? [];
  const chosenSite = siteChoices.some((s) => s.id === site) ? site : '';
  const view = useQuery({
    queryKey: [...reportKeys.userReports, 'view', type, startDate, endDate, chosenSite],
    queryFn: async ({ signal }) => {
      const { token } = await dataProvider.getReportToken(type as ReportType, signal);
      return dataProvider.getReportView(
        { token, start: startDate, end: endDate, ...(chosenSite ? { site: chosenSite } : {}) },
        signal,
      );
    },
    enabled: type !== null && sites.isFetched,
    retry: false,
  });
  const update = (next: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), ...next });

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title
        title={type ? translate(`app.reports.types.${type}`) : translate('app.reports.title')}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <DateRangeControl
          value={{ startDate, endDate }}
          presets={BOUNDED_PRESETS}
          onChange={(range) => update({ startDate: range.startDate, endDate: range.endDate })}
        />
        <TextField
          select
          size="small"
          label={translate('app.reports.create.site')}
          value={chosenSite}
          onChange={(event) => update({ site: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{translate('app.reports.create.all_sites')}</MenuItem>
          {siteChoices.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {type === null ? (
        <Alert severity="info">{translate('app.reports.page.unknown')}</Alert>
      ) : null}
      {view.error ? (
        <Alert severity="error">
          {view.error instanceof Error ? view.error.message : String(view.error)}
        </Alert>
      ) : null}
      {view.data ? (
        <>
          <Typography color="text.secondary">{view.data.subtitle.join(' · ')}</Typography>
          {view.data.sections.map((section) => (
            <Section key={section.title} section={section} />
          ))}
        </>
      ) : null}
    </Box>
  );
}
