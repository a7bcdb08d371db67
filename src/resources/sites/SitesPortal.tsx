// /sites/portal (spec point 2), the sites resource's list: the organisation's sites with what
// their machines did over the range (Max by default) and filters, both in the URL, read through
// react-admin's getList; each opens its overview, its timeline, its details and its geofence, or
// is deleted after react-admin's confirm dialog. A new site is created from here.
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Polyline from '@mui/icons-material/Polyline';
import Timeline from '@mui/icons-material/Timeline';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  DeleteWithConfirmButton,
  RecordContextProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { siteKeys, type SiteRecord } from '../../dataProvider/sites.ts';
import type { MachineListSummary } from '../../domain/api/machines.ts';
import { DATE_PRESETS } from '../../domain/datePresets.ts';
import { links } from '../../domain/paths.ts';
import { RangeFilterHeader } from '../../common/RangeFilterHeader.tsx';
import { useRefusal } from '../../common/useDroppedParams.ts';
import { useUrlState } from '../../common/useUrlState.ts';
import { SiteFigureCells, SiteFigureHeadings } from './SiteFigures.tsx';
import { useCanCall } from '../../common/useCanCall.ts';
import { endpoints } from '../../domain/api/endpoints.ts';

export function SitesPortal() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const queryClient = useQueryClient();
  // Spec point 2: the sites' startDate defaults to "max".
  const { range, filter, update, drop } = useUrlState({ defaultRange: 'max', allowMax: true });
  const sites = useGetList<SiteRecord>(
    'sites',
    {
      filter: { ...range, filter },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 1000 },
    },
    { retry: false },
  );
  useRefusal(sites.error, drop);
  const elsewhere = (sites.meta as { elsewhere?: MachineListSummary } | undefined)?.elsewhere;
  const deleted = () => {
    notify('app.sites.deleted', { type: 'success' });
    // The other site screens read the sites through their own calls.
    void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    void queryClient.invalidateQueries({ queryKey: siteKeys.overviews });
  };
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="sites-portal">
      <RangeFilterHeader
        title={translate('app.sites.title')}
        range={range}
        filter={filter}
        presets={DATE_PRESETS}
        onChange={update}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        {canCall('POST', endpoints.portal.sites.root) ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<Add />}
            onClick={() => void navigate(links.siteForm())}
          >
            {translate('app.sites.create')}
          </Button>
        ) : null}
        <Button size="small" onClick={() => void navigate(links.sitesOverview())}>
          {translate('app.sites.overview_title')}
        </Button>
      </Box>
      {sites.isPending ? <LinearProgress /> : null}
      {sites.error ? <Alert severity="error">{translate('app.sites.load_failed')}</Alert> : null}
      {sites.data ? (
        <TableContainer>
          <Table size="small" data-testid="sites-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.sites.form.name')}</TableCell>
                <TableCell>{translate('app.sites.form.code')}</TableCell>
                <TableCell>{translate('app.sites.form.customer')}</TableCell>
                <SiteFigureHeadings />
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.data.map((site) => (
                <TableRow
                  key={site.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => void navigate(links.siteOverview(site.id))}
                >
                  <TableCell>{site.name}</TableCell>
                  <TableCell>{site.code ?? '–'}</TableCell>
                  <TableCell>{site.customer ?? '–'}</TableCell>
                  <SiteFigureCells summary={site.summary} />
                  <SiteActions site={site} onDeleted={deleted} />
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={3}>{translate('app.sites.elsewhere')}</TableCell>
                {elsewhere ? <SiteFigureCells summary={elsewhere} /> : <TableCell />}
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}

/** A site row's actions: its timeline, its form, its geofence, and delete after a confirmation. */
function SiteActions({ site, onDeleted }: { site: SiteRecord; onDeleted(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  // A viewer reads the timeline; changing, fencing and deleting are for those whose calls pass.
  const canCall = useCanCall();
  const canChange = canCall('PUT', endpoints.portal.sites.item);
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {action(
        translate('app.sites.timeline_title'),
        <Timeline fontSize="small" />,
        () => void navigate(links.activityTimeline(site.id)),
      )}
      {canChange
        ? action(
            translate('app.sites.edit'),
            <Edit fontSize="small" />,
            () => void navigate(links.siteForm(site.id)),
          )
        : null}
      {canChange
        ? action(
            translate('app.sites.geofence.title'),
            <Polyline fontSize="small" />,
            () => void navigate(links.geofences(site.id)),
          )
        : null}
      {canCall('DELETE', endpoints.portal.sites.item) ? (
        <RecordContextProvider value={site}>
          <DeleteWithConfirmButton
            resource="sites"
            label=""
            aria-label={translate('app.sites.delete')}
            confirmTitle={translate('app.sites.delete')}
            confirmContent={translate('app.sites.confirm_delete', { name: site.name })}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{ onSuccess: onDeleted }}
          />
        </RecordContextProvider>
      ) : null}
    </TableCell>
  );
}

export default SitesPortal;
