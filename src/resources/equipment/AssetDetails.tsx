// /equipment/assets/details/{id}?startDate=…&endDate=…: one equipment asset over a range: what it
// is and its trackers, where it went on a map, its site visits with arrival, departure and days,
// its days on site and the distance it moved; admins edit it here.
import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { CircleMarker, MapContainer, Polyline, Tooltip } from 'react-leaflet';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { assetKeys } from '../../dataProvider/assets.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { AssetDetailsReply, EquipmentAsset } from '../../domain/api/assets.ts';
import { BOUNDED_PRESETS } from '../../domain/datePresets.ts';
import { formatDate } from '../../domain/format.ts';
import { links } from '../../domain/paths.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { DateRangeControl } from '../../common/DateRangeControl.tsx';
import { BatteryReading } from '../../common/DeviceHealth.tsx';
import { When } from '../../common/fields.tsx';
import { useCaller } from '../../common/useCaller.ts';
import { Fact } from '../../common/Fact.tsx';
import { refusedParam } from '../../common/useDroppedParams.ts';
import { useUrlState } from '../../common/useUrlState.ts';
import { refusalOf } from '../../common/AttachChoice.tsx';
import {
  ASSET_FORM_FIELDS,
  AssetFormFields,
  bodyOfDraft,
  Distance,
  FitPoints,
  KindChip,
  PrintLabelsButton,
  type AssetDraft,
} from './AssetParts.tsx';

const field = (name: string) => `resources.equipment/assets.fields.${name}`;

function AssetSummary({ asset }: { asset: EquipmentAsset }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        }}
      >
        <Fact label={field('assetNumber')}>{asset.assetNumber}</Fact>
        <Fact label={field('kind')}>
          <KindChip kind={asset.kind} />
        </Fact>
        <Fact label={field('siteName')}>
          <span data-testid="asset-site">
            {asset.siteName ?? translate('app.equipment.off_site')}
          </span>
        </Fact>
        <Fact label={field('daysOnSite')}>
          <span data-testid="asset-days-on-site">{asset.daysOnSite}</span>
        </Fact>
        <Fact label={field('distanceM')}>
          <Distance metres={asset.distanceM} />
        </Fact>
        <Fact label={field('visits')}>{asset.visits}</Fact>
        <Fact label={field('homeSiteName')}>{asset.homeSiteName}</Fact>
        <Fact label={field('lastSeenAt')}>
          <When value={asset.lastSeenAt} />
        </Fact>
        <Fact label={field('trackers')}>
          {asset.trackers.length === 0
            ? translate('app.equipment.no_tracker')
            : asset.trackers.map((tracker) => (
                <div key={tracker.id}>
                  {tracker.type} {tracker.code} <BatteryReading sensor={tracker} />
                </div>
              ))}
        </Fact>
        <Fact label="app.equipment.details.label_link">
          <Link component={RouterLink} to={links.assetLabel(asset.id)}>
            {`${window.location.origin}${links.assetLabel(asset.id)}`}
          </Link>
        </Fact>
        {asset.note ? <Fact label={field('note')}>{asset.note}</Fact> : null}
      </CardContent>
    </Card>
  );
}

function AssetMap({ details }: { details: AssetDetailsReply }) {
  const translate = useTranslate();
  const { positions, asset } = details;
  const last = asset.position;
  if (!last)
    return (
      <Typography color="text.secondary">
        {translate('app.equipment.details.no_positions')}
      </Typography>
    );
  return (
    <Box sx={{ height: 380, borderRadius: 1, overflow: 'hidden' }} data-testid="asset-map">
      <MapContainer
        center={[last.latitude, last.longitude]}
        zoom={13}
        maxZoom={19}
        style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
      >
        <BaseLayers />
        <Polyline
          positions={positions.map((p) => [p.latitude, p.longitude])}
          pathOptions={{ color: '#1565c0', weight: 3 }}
        />
        <CircleMarker
          center={[last.latitude, last.longitude]}
          radius={9}
          pathOptions={{ color: asset.siteName ? '#2e7d32' : '#ef6c00' }}
        >
          <Tooltip permanent>
            {translate('app.equipment.details.last_position')} ·{' '}
            {asset.siteName ?? translate('app.equipment.off_site')}
          </Tooltip>
        </CircleMarker>
        <FitPoints points={positions.length > 0 ? positions : [last]} />
      </MapContainer>
    </Box>
  );
}

function Visits({ details }: { details: AssetDetailsReply }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  if (details.visits.length === 0)
    return (
      <Typography color="text.secondary">{translate('app.equipment.details.no_visits')}</Typography>
    );
  return (
    <Table size="small" data-testid="asset-visits">
      <TableHead>
        <TableRow>
          <TableCell>{translate(field('siteName'))}</TableCell>
          <TableCell>{translate('app.equipment.details.arrived')}</TableCell>
          <TableCell>{translate('app.equipment.details.left')}</TableCell>
          <TableCell align="right">{translate('app.equipment.details.days')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {details.visits.map((visit) => (
          <TableRow key={`${visit.siteId}-${visit.arrivedAt ?? 'before'}`}>
            <TableCell>{visit.siteName}</TableCell>
            <TableCell>
              {visit.arrivedAt ? (
                <When value={visit.arrivedAt} />
              ) : (
                translate('app.equipment.details.before_range', {
                  date: formatDate(`${details.startDate}T12:00:00`, language),
                })
              )}
            </TableCell>
            <TableCell>
              {visit.leftAt ? (
                <When value={visit.leftAt} />
              ) : (
                translate('app.equipment.details.still_there')
              )}
            </TableCell>
            <TableCell align="right">{visit.days}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EditDialog({ asset, onClose }: { asset: EquipmentAsset; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AssetDraft>({
    name: asset.name,
    assetNumber: asset.assetNumber ?? '',
    kind: asset.kind,
    homeSiteId: asset.homeSiteId ?? '',
    note: asset.note ?? '',
  });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.update('equipment/assets', {
        id: asset.id,
        data: bodyOfDraft(draft),
        previousData: asset,
      });
      notify('app.equipment.details.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['asset-details', asset.id] });
      onClose();
    } catch (caught) {
      setError(refusalOf(caught, ''));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.equipment.details.edit')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 1.5 }}>
        <AssetFormFields draft={draft} onChange={setDraft} error={error} />
        {error && !(ASSET_FORM_FIELDS as readonly string[]).includes(error.field) ? (
          <Alert severity="error">{error.message}</Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !draft.name.trim()}
          onClick={() => void save()}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function AssetDetails() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { canWrite } = useCaller();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { range, update, drop } = useUrlState({ defaultRange: 'last7Days', allowMax: false });
  const [editing, setEditing] = useState(false);
  const details = useQuery({
    queryKey: assetKeys.details(id, range.startDate, range.endDate),
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.getAssetDetails(id, range, signal);
      } catch (error) {
        // A range the server will not read (too long) goes whole, with the notice.
        if (refusedParam(error)) drop(['startDate', 'endDate']);
        throw error;
      }
    },
    retry: false,
  });
  const asset = details.data?.asset;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={asset?.name ?? translate('app.equipment.title')} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" sx={{ flexGrow: 1 }} data-testid="asset-name">
          {asset?.name}
        </Typography>
        <DateRangeControl
          value={range}
          presets={BOUNDED_PRESETS}
          onChange={(next) => update({ startDate: next.startDate, endDate: next.endDate })}
        />
        {asset ? <PrintLabelsButton ids={[asset.id]} variant="outlined" /> : null}
        {canWrite && asset ? (
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {translate('app.equipment.details.edit')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={links.assetList({ startDate: range.startDate, endDate: range.endDate })}
        >
          {translate('app.equipment.open_list')}
        </Button>
      </Box>
      {details.isPending ? <LinearProgress /> : null}
      {details.error ? (
        <Alert severity="warning">
          {details.error instanceof HttpError && details.error.status === 404
            ? translate('app.equipment.details.not_found')
            : translate('app.equipment.load_failed')}
        </Alert>
      ) : null}
      {asset && details.data ? (
        <>
          <AssetSummary asset={asset} />
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h6">{translate('app.equipment.details.where_title')}</Typography>
              <AssetMap details={details.data} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h6">
                {translate('app.equipment.details.visits_title')}
              </Typography>
              <Visits details={details.data} />
            </CardContent>
          </Card>
          {editing ? <EditDialog asset={asset} onClose={() => setEditing(false)} /> : null}
        </>
      ) : null}
    </Box>
  );
}

export default function AssetDetailsScreen() {
  return (
    <FeatureGate flag="navigation.equipment">
      <AssetDetails />
    </FeatureGate>
  );
}
