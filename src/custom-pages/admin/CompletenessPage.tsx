// /admin/datacompleteness (startDate, endDate, sort): per machine, the share of the range its data
// covers (the machine list's figure) and the same per day as a calendar heat map, worst first; a
// machine opens to its days: records against what its devices should send, and the gaps.
import { Fragment, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { withChanges, type UrlChanges } from '../../common/useUrlState.ts';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { CompletenessMachine } from '../../domain/api/admin.ts';
import { links } from '../../domain/paths.ts';
import { addDays } from '../../domain/zonedTime.ts';
import { When } from '../../common/fields.tsx';
import { AdminScreen, DayRangeFields, Failure, localToday, Pages } from './AdminShared.tsx';
import { StaffTable } from './StaffTable.tsx';
import { useFormat } from '../../common/useFormat.ts';

const PAGE_ROWS = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Red at no data, through amber, to green at all of it; grey where nothing is expected. */
export function coverageColour(pct: number | null): string {
  if (pct === null) return '#e0e0e0';
  const hue = Math.round((Math.max(0, Math.min(100, pct)) / 100) * 120);
  return `hsl(${hue}, 65%, 48%)`;
}

/** A share of the expected data, or a dash where nothing was expected. */
function usePercent() {
  const format = useFormat();
  return (value: number | null) => (value === null ? '–' : format.percent(value));
}

function MachineDays({
  machine,
  from,
  to,
}: {
  machine: CompletenessMachine;
  from: string;
  to: string;
}) {
  const format = useFormat();
  const percent = usePercent();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const detail = useQuery({
    queryKey: ['admin', 'completeness', machine.machineId, from, to],
    queryFn: ({ signal }) =>
      dataProvider.getMachineCompleteness(machine.machineId, from, to, signal),
  });
  return (
    <Box sx={{ pl: 4, py: 1 }}>
      <Failure error={detail.error} />
      <StaffTable
        label="app.admin.completeness.days"
        rows={detail.data?.days ?? []}
        rowKey={(day) => day.day}
        columns={[
          { label: 'app.admin.completeness.day', cell: (day) => format.date(day.day) },
          {
            label: 'app.admin.completeness.coverage',
            numeric: true,
            cell: (day) => percent(day.coveragePct),
          },
          { label: 'app.admin.completeness.records', numeric: true, cell: (day) => day.records },
          {
            label: 'app.admin.completeness.expected',
            numeric: true,
            cell: (day) => day.expectedRecords,
          },
          {
            label: 'app.admin.completeness.gaps',
            cell: (day) =>
              day.gaps.map((gap) => (
                <Box key={gap.from} component="span" sx={{ mr: 1 }}>
                  <When value={gap.from} /> – <When value={gap.to} />
                </Box>
              )),
          },
        ]}
      />
    </Box>
  );
}

type SortKey = 'coverage' | 'name';

function SortLabel({
  sort,
  current,
  onSort,
  children,
}: {
  sort: SortKey;
  current: { sort: SortKey; order: 'ASC' | 'DESC' };
  onSort(sort: SortKey): void;
  children: ReactNode;
}) {
  return (
    <TableSortLabel
      active={current.sort === sort}
      direction={current.order === 'ASC' ? 'asc' : 'desc'}
      onClick={() => onSort(sort)}
    >
      {children}
    </TableSortLabel>
  );
}

/** One square per day, coloured by how much of the day's data came in. */
function DayCalendar({ days, coverage }: { days: string[]; coverage: (number | null)[] }) {
  const format = useFormat();
  const percent = usePercent();
  return (
    <Stack direction="row" spacing="2px">
      {coverage.map((pct, index) => (
        <Tooltip key={days[index]} title={`${format.date(days[index] ?? '')}: ${percent(pct)}`}>
          <Box sx={{ width: 14, height: 14, borderRadius: '2px', bgcolor: coverageColour(pct) }} />
        </Tooltip>
      ))}
    </Stack>
  );
}

interface RangeSearch {
  from: string;
  to: string;
  q: string;
}

/** The days and the search, applied together when the form is sent. */
function RangeSearchForm({
  initial,
  onShow,
}: {
  initial: RangeSearch;
  onShow(draft: RangeSearch): void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(initial);
  return (
    <Stack
      component="form"
      direction="row"
      gap={1}
      flexWrap="wrap"
      sx={{ mb: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        onShow(draft);
      }}
    >
      <DayRangeFields
        from={draft.from}
        to={draft.to}
        onChange={(range) => setDraft({ ...draft, ...range })}
      />
      <TextField
        size="small"
        label={translate('app.admin.completeness.search')}
        value={draft.q}
        onChange={(event) => setDraft({ ...draft, q: event.target.value })}
      />
      <Button type="submit" variant="contained">
        {translate('app.admin.show')}
      </Button>
    </Stack>
  );
}

export default function CompletenessPage() {
  const translate = useTranslate();
  const percent = usePercent();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const read = (name: string, fallback: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : fallback;
  };
  const from = read('startDate', addDays(today, -13));
  const to = read('endDate', today);
  const sort = params.get('sort') === 'name' ? 'name' : 'coverage';
  const order = params.get('order') === 'DESC' ? 'DESC' : 'ASC';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [open, setOpen] = useState<string | null>(null);
  const set = (changes: UrlChanges) => setParams(withChanges(params, changes));
  const fleet = useQuery({
    queryKey: ['admin', 'completeness', from, to, sort, order, q, page],
    queryFn: ({ signal }) =>
      dataProvider.getCompleteness(
        {
          from,
          to,
          sort,
          order,
          q: q || undefined,
          offset: (page - 1) * PAGE_ROWS,
          limit: PAGE_ROWS,
        },
        signal,
      ),
  });
  const sortBy = (key: SortKey) =>
    set({ sort: key, order: sort === key && order === 'ASC' ? 'DESC' : 'ASC', page: null });
  const data = fleet.data;
  return (
    <AdminScreen title="app.admin.completeness.title">
      <RangeSearchForm
        initial={{ from, to, q }}
        onShow={(draft) =>
          set({ startDate: draft.from, endDate: draft.to, q: draft.q, page: null })
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.admin.completeness.help')}
      </Typography>
      <Failure error={fleet.error} />
      {data ? (
        <>
          <Pages
            total={data.total}
            pageSize={PAGE_ROWS}
            page={page}
            onPage={(next) => set({ page: String(next) })}
          />
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('app.admin.completeness.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <SortLabel sort="name" current={{ sort, order }} onSort={sortBy}>
                      {translate('app.admin.machine')}
                    </SortLabel>
                  </TableCell>
                  <TableCell>{translate('app.admin.organisation')}</TableCell>
                  <TableCell align="right">
                    <SortLabel sort="coverage" current={{ sort, order }} onSort={sortBy}>
                      {translate('app.admin.completeness.coverage')}
                    </SortLabel>
                  </TableCell>
                  <TableCell>{translate('app.admin.completeness.calendar')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.machines.map((machine) => (
                  <Fragment key={machine.machineId}>
                    <TableRow
                      hover
                      onClick={() => setOpen(open === machine.machineId ? null : machine.machineId)}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={links.adminMachine(machine.machineId)}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {machine.name}
                        </Link>
                      </TableCell>
                      <TableCell>{machine.organisationName}</TableCell>
                      <TableCell align="right" data-testid="coverage">
                        {percent(machine.coveragePct)}
                      </TableCell>
                      <TableCell>
                        <DayCalendar days={data.days} coverage={machine.days} />
                      </TableCell>
                    </TableRow>
                    {open === machine.machineId ? (
                      <TableRow>
                        <TableCell colSpan={4}>
                          <MachineDays machine={machine} from={from} to={to} />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      ) : null}
    </AdminScreen>
  );
}
