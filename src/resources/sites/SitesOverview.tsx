// /overview/sites (spec point 2): every site on one map with its geofence, and beside it what each
// site's machines did over the range (in the URL, Max by default); a site opens its overview.
import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import L from 'leaflet';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { MapContainer, useMap } from 'react-leaflet';
import { useNavigate } from 'react-router-dom';
import type { Site } from '../../domain/api/sites.ts';
import { DATE_PRESETS } from '../../domain/datePresets.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { RangeFilterHeader } from '../../common/RangeFilterHeader.tsx';
import { SiteGeofences } from '../../common/SiteGeofences.tsx';
import { SiteFigureCells, SiteFigureHeadings } from './SiteFigures.tsx';
import { useSitesOverview } from './useSitesOverview.ts';
import { links } from '../../domain/paths.ts';

function FitSites({ sites }: { sites: Site[] }) {
  const map = useMap();
  useEffect(() => {
    const centres = sites.flatMap((s) =>
      s.centre ? [[s.centre.latitude, s.centre.longitude]] : [],
    );
    if (centres.length > 0) {
      map.fitBounds(L.latLngBounds(centres as [number, number][]), {
        padding: [40, 40],
        maxZoom: 15,
      });
    }
    map.getContainer().dataset.sites = String(centres.length);
  }, [map, sites]);
  return null;
}

export function SitesOverview() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { range, filter, update, overview } = useSitesOverview();
  const sites = overview.data?.sites.map((s) => s.site) ?? [];
  const open = (id: string) => void navigate(links.siteOverview(id));

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="sites-overview">
      <RangeFilterHeader
        title={translate('app.sites.overview_title')}
        range={range}
        filter={filter}
        presets={DATE_PRESETS}
        onChange={update}
      />
      {overview.isPending ? <LinearProgress /> : null}
      {overview.error ? <Alert severity="error">{translate('app.sites.load_failed')}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          // minmax(0, …): a wide table scrolls in its column instead of widening the page.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Box sx={{ height: 480, borderRadius: 1, overflow: 'hidden' }}>
          <MapContainer
            center={[54, -2.5]}
            zoom={6}
            style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
          >
            <BaseLayers />
            <SiteGeofences sites={sites} permanentNames onOpen={(site) => open(site.id)} />
            <FitSites sites={sites} />
          </MapContainer>
        </Box>
        {overview.data ? (
          <TableContainer>
            <Table size="small" data-testid="sites-overview-table">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.sites.site')}</TableCell>
                  <SiteFigureHeadings />
                </TableRow>
              </TableHead>
              <TableBody>
                {overview.data.sites.map(({ site, summary }) => (
                  <TableRow
                    key={site.id}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => open(site.id)}
                  >
                    <TableCell>{site.name}</TableCell>
                    <SiteFigureCells summary={summary} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Box>
    </Box>
  );
}

export default SitesOverview;
