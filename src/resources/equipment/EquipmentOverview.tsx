// /equipment: the organisation's equipment assets at a glance: how many are on a site, off every
// site or silent, and where each one is now on a map; from here to the list and to fitting one.
import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { assetKeys } from '../../dataProvider/assets.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { ASSET_OVERVIEW_COUNTS } from '../../domain/api/assets.ts';
import { links } from '../../domain/paths.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { useCaller } from '../../common/useCaller.ts';
import { FitPoints } from './AssetParts.tsx';

/** Where a count's card leads: the list, narrowed when the server can narrow it. */
const COUNT_LINKS: Partial<Record<(typeof ASSET_OVERVIEW_COUNTS)[number], string>> = {
  assets: links.assetList(),
  offSite: links.assetList({ siteId: 'none' }),
  notSeen: links.assetList({ sortKey: 'lastSeenAt' }),
};

export function EquipmentOverview() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { canWrite } = useCaller();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const overview = useQuery({
    queryKey: assetKeys.overview,
    queryFn: ({ signal }) => dataProvider.getEquipmentOverview(signal),
  });
  const placed = (overview.data?.assets ?? []).flatMap((asset) =>
    asset.position ? [{ asset, position: asset.position }] : [],
  );
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('app.equipment.title')} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={links.assetList()}>
          {translate('app.equipment.open_list')}
        </Button>
        {canWrite ? (
          <Button component={RouterLink} to={links.assetOnboard()}>
            {translate('app.equipment.fit_tracker')}
          </Button>
        ) : null}
      </Box>
      {overview.isPending ? <LinearProgress /> : null}
      {overview.error ? (
        <Alert severity="error">{translate('app.equipment.load_failed')}</Alert>
      ) : null}
      {overview.data?.counts.assets === 0 ? (
        <Alert severity="info">{translate('app.equipment.none')}</Alert>
      ) : null}
      {overview.data ? (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
          }}
        >
          {ASSET_OVERVIEW_COUNTS.map((key) => {
            const body = (
              <CardContent>
                <Typography variant="caption" color="text.secondary">
                  {translate(`app.equipment.counts.${key}`)}
                </Typography>
                <Typography variant="h4" data-testid={`equipment-count-${key}`}>
                  {overview.data.counts[key]}
                </Typography>
              </CardContent>
            );
            const to = COUNT_LINKS[key];
            return (
              <Card key={key} variant="outlined">
                {to ? (
                  <CardActionArea component={RouterLink} to={to}>
                    {body}
                  </CardActionArea>
                ) : (
                  body
                )}
              </Card>
            );
          })}
        </Box>
      ) : null}
      {placed.length > 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {translate('app.equipment.map_title')}
            </Typography>
            <Box
              sx={{ height: 420, borderRadius: 1, overflow: 'hidden' }}
              data-testid="equipment-map"
            >
              <MapContainer
                center={[placed[0]?.position.latitude ?? 51.5, placed[0]?.position.longitude ?? 0]}
                zoom={11}
                maxZoom={19}
                style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
              >
                <BaseLayers />
                {placed.map(({ asset, position }) => (
                  <CircleMarker
                    key={asset.id}
                    center={[position.latitude, position.longitude]}
                    radius={8}
                    pathOptions={{ color: asset.siteName ? '#2e7d32' : '#ef6c00' }}
                    eventHandlers={{ click: () => void navigate(links.assetDetails(asset.id)) }}
                  >
                    <Tooltip>
                      {asset.name}
                      {asset.assetNumber ? ` (${asset.assetNumber})` : ''} ·{' '}
                      {asset.siteName ?? translate('app.equipment.off_site')}
                    </Tooltip>
                  </CircleMarker>
                ))}
                <FitPoints points={placed.map(({ position }) => position)} />
              </MapContainer>
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

export default function EquipmentOverviewScreen() {
  return (
    <FeatureGate flag="navigation.equipment">
      <EquipmentOverview />
    </FeatureGate>
  );
}
