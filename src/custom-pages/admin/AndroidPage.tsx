// /admin/android (deviceIds, startDate, endDate): the requests that phone apps and integrations
// posted to the generic JSON ingest, newest first: each body as received, how many records were
// stored, already known, flagged or quarantined, and what was refused and why.
import { useState } from 'react';
import {
  Box,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { IngestRequestRecord } from '../../domain/api/admin.ts';
import { When } from '../../common/fields.tsx';
import {
  AdminScreen,
  DeviceQueryForm,
  Failure,
  Pages,
  UnknownDevices,
  useDebugQuery,
  useDeviceQuery,
} from './AdminShared.tsx';
import { SourceKeyCell } from './SourceKeyCell.tsx';
import { StaffTable } from './StaffTable.tsx';

const PAGE_ROWS = 100;

/** Refusals and the error of a request, or a dash. */
const refusals = (request: IngestRequestRecord) =>
  [request.error, ...request.refused.map((refusal) => `#${refusal.index}: ${refusal.reason}`)]
    .filter(Boolean)
    .join(' · ') || '–';

/** A request's body as it came, under its row. */
function RequestBody({ request }: { request: IngestRequestRecord }) {
  return (
    <Box
      component="pre"
      sx={{ m: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}
      data-testid="request-body"
    >
      {request.bodyTruncated ? String(request.body) : JSON.stringify(request.body, null, 2)}
    </Box>
  );
}

/** The requests, each body opened under its row on demand. */
function Requests({ requests }: { requests: IngestRequestRecord[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };
  return (
    <StaffTable
      label="app.admin.android.title"
      rows={requests}
      rowKey={(request) => request.id}
      detail={(request) => (open.has(request.id) ? <RequestBody request={request} /> : null)}
      columns={[
        {
          cell: (request) => (
            <IconButton
              size="small"
              aria-label={translate('app.admin.android.body')}
              onClick={() => toggle(request.id)}
            >
              {open.has(request.id) ? <ExpandLess /> : <ExpandMore />}
            </IconButton>
          ),
        },
        { label: 'app.admin.device', cell: (request) => request.deviceId },
        { label: 'app.admin.received', cell: (request) => <When value={request.receivedAt} /> },
        { label: 'app.admin.android.address', cell: (request) => request.address ?? '–' },
        {
          label: 'app.admin.android.status',
          cell: (request) => (
            <Chip
              size="small"
              color={request.status < 300 ? 'success' : 'error'}
              label={request.status}
            />
          ),
        },
        { label: 'app.admin.android.stored', numeric: true, cell: (request) => request.stored },
        {
          label: 'app.admin.android.duplicates',
          numeric: true,
          cell: (request) => request.duplicates,
        },
        {
          label: 'app.admin.android.flagged',
          numeric: true,
          cell: (request) => request.invalid + request.quarantined,
        },
        { label: 'app.admin.android.refused', cell: refusals },
      ]}
    />
  );
}

export default function AndroidPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [query, update] = useDeviceQuery();
  const requests = useDebugQuery('android', query, PAGE_ROWS, (params, signal) =>
    dataProvider.getIngestRequests(params, signal),
  );
  const data = requests.data;
  return (
    <AdminScreen title="app.admin.android.title">
      <DeviceQueryForm
        key={`${query.deviceIds}|${query.startDate}|${query.endDate}`}
        query={query}
        onChange={update}
        devicesLabel="app.admin.android.devices"
      />
      <Failure error={requests.error} />
      {data ? (
        <>
          <UnknownDevices codes={data.unknownDevices} />
          {/* A phone scrolls the table in place rather than the whole page. */}
          <TableContainer>
            <Table size="small" aria-label={translate('app.admin.android.sources')}>
              <TableBody>
                {data.sources.map((source) => (
                  <TableRow key={source.sourceId}>
                    <TableCell>{source.deviceId}</TableCell>
                    <TableCell>{source.sourceType}</TableCell>
                    <TableCell>{source.machineName ?? '–'}</TableCell>
                    <TableCell>
                      {translate(
                        source.hasKey ? 'app.admin.android.has_key' : 'app.admin.android.no_key',
                      )}
                    </TableCell>
                    <TableCell>
                      <SourceKeyCell
                        sourceId={source.sourceId}
                        onChange={() => void requests.refetch()}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pages
            total={data.total}
            pageSize={PAGE_ROWS}
            page={query.page}
            onPage={(page) => update({ page })}
          />
          <Requests requests={data.requests} />
        </>
      ) : null}
    </AdminScreen>
  );
}
