// /sites/portal (spec point 2): the organisation's sites with what their machines did over the
// range (Max by default) and filters, both in the URL; each opens its overview, its timeline, its
// details and its geofence, or is deleted. A new site is created from here.
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Polyline from '@mui/icons-material/Polyline';
import Timeline from '@mui/icons-material/Timeline';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { DATE_PRESETS } from '../../domain/datePresets.ts';
import { RangeFilterHeader } from '../common/RangeFilterHeader.tsx';
import { SiteFigureCells, SiteFigureHeadings } from './SiteFigures.tsx';
import { useSitesOverview } from './useSitesOverview.ts';

export function SitesPortal() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { range, filter, update, overview } = useSitesOverview();
  const remove = async (id: string, name: string) => {
    if (!window.confirm(translate('app.sites.confirm_delete', { name }))) return;
    try {
      await dataProvider.deleteSite(id);
      notify('app.sites.deleted', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['sites-overview'] });
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="sites-portal">
      <RangeFilterHeader
        title={translate('app.sites.title')}
        range={range}
        filter={filter}
        presets={DATE_PRESETS}
        onChange={update}
      />
      <Box>
        <Button
          variant="contained"
          size="small"
          startIcon={<Add />}
          onClick={() => void navigate('/portal/sites/create')}
        >
          {translate('app.sites.create')}
        </Button>
        <Button size="small" sx={{ ml: 1 }} onClick={() => void navigate('/overview/sites')}>
          {translate('app.sites.overview_title')}
        </Button>
      </Box>
      {overview.isPending ? <LinearProgress /> : null}
      {overview.error ? <Alert severity="error">{translate('app.sites.load_failed')}</Alert> : null}
      {overview.data ? (
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
            {overview.data.sites.map(({ site, summary }) => (
              <TableRow
                key={site.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => void navigate(`/overview/sites/${site.id}`)}
              >
                <TableCell>{site.name}</TableCell>
                <TableCell>{site.code ?? '–'}</TableCell>
                <TableCell>{site.customer ?? '–'}</TableCell>
                <SiteFigureCells summary={summary} />
                <TableCell
                  align="right"
                  onClick={(e) => e.stopPropagation()}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {action(
                    translate('app.sites.timeline_title'),
                    <Timeline fontSize="small" />,
                    () => void navigate(`/overview/activity-timeline/${site.id}`),
                  )}
                  {action(
                    translate('app.sites.edit'),
                    <Edit fontSize="small" />,
                    () => void navigate(`/portal/sites/create?siteId=${site.id}`),
                  )}
                  {action(
                    translate('app.sites.geofence.title'),
                    <Polyline fontSize="small" />,
                    () => void navigate(`/geofences?siteId=${site.id}`),
                  )}
                  {action(
                    translate('app.sites.delete'),
                    <Delete fontSize="small" />,
                    () => void remove(site.id, site.name),
                  )}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3}>{translate('app.sites.elsewhere')}</TableCell>
              <SiteFigureCells summary={overview.data.elsewhere} />
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

export default SitesPortal;
