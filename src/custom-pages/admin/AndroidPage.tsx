// /admin/android (deviceIds, startDate, endDate): the requests that phone apps and integrations
// posted to the generic JSON ingest, newest first: each body as received, how many records were
// stored, already known, flagged or quarantined, and what was refused and why.
import { Fragment, useState } from 'react';
import {
  Box,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { IngestRequestRecord } from '../../domain/api/admin.ts';
import { When } from '../../common/DeviceHealth.tsx';
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

const PAGE_ROWS = 100;

function RequestRow({ request }: { request: IngestRequestRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <TableRow>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={translate('app.admin.android.body')}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        </TableCell>
        <TableCell>{request.deviceId}</TableCell>
        <TableCell>
          <When value={request.receivedAt} />
        </TableCell>
        <TableCell>{request.address ?? '–'}</TableCell>
        <TableCell>
          <Chip
            size="small"
            color={request.status < 300 ? 'success' : 'error'}
            label={request.status}
          />
        </TableCell>
        <TableCell align="right">{request.stored}</TableCell>
        <TableCell align="right">{request.duplicates}</TableCell>
        <TableCell align="right">{request.invalid + request.quarantined}</TableCell>
        <TableCell>
          {[
            request.error,
            ...request.refused.map((refusal) => `#${refusal.index}: ${refusal.reason}`),
          ]
            .filter(Boolean)
            .join(' · ') || '–'}
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow>
          <TableCell colSpan={9}>
            <Box
              component="pre"
              sx={{ m: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}
              data-testid="request-body"
            >
              {request.bodyTruncated ? String(request.body) : JSON.stringify(request.body, null, 2)}
            </Box>
          </TableCell>
        </TableRow>
      ) : null}
    </Fragment>
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
          <Pages
            total={data.total}
            pageSize={PAGE_ROWS}
            page={query.page}
            onPage={(page) => update({ page })}
          />
          <Table size="small" aria-label={translate('app.admin.android.title')}>
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell>{translate('app.admin.device')}</TableCell>
                <TableCell>{translate('app.admin.received')}</TableCell>
                <TableCell>{translate('app.admin.android.address')}</TableCell>
                <TableCell>{translate('app.admin.android.status')}</TableCell>
                <TableCell align="right">{translate('app.admin.android.stored')}</TableCell>
                <TableCell align="right">{translate('app.admin.android.duplicates')}</TableCell>
                <TableCell align="right">{translate('app.admin.android.flagged')}</TableCell>
                <TableCell>{translate('app.admin.android.refused')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.requests.map((request) => (
                <RequestRow key={request.id} request={request} />
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </AdminScreen>
  );
}
