// /shared/location/{token}: the read-only page a shared location's link opens, for anyone with
// the link and no account: the machine, who shared it, its latest place on a map, and until when
// the link works. Outside the portal's sign-in and layout.
import 'leaflet/dist/leaflet.css';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { HttpError, type I18nProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer } from 'react-leaflet';
import { useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { SharedLocationReply } from '../../domain/api/share.ts';
import { formatDateTime } from '../../domain/format.ts';
import { BaseLayersView, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';

type State =
  | { status: 'loading' }
  | { status: 'loaded'; shared: SharedLocationReply }
  | { status: 'failed'; messageKey: string };

export interface SharedLocationPageProps {
  dataProvider: PortalDataProvider;
  i18nProvider: I18nProvider;
}

export function SharedLocationPage({ dataProvider, i18nProvider }: SharedLocationPageProps) {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const translate = (key: string, options?: object) => i18nProvider.translate(key, options);
  const language = i18nProvider.getLocale();

  useEffect(() => {
    let cancelled = false;
    dataProvider
      .getSharedLocation(token)
      .then((shared) => !cancelled && setState({ status: 'loaded', shared }))
      .catch((error: unknown) => {
        if (cancelled) return;
        const status = error instanceof HttpError ? error.status : 0;
        setState({
          status: 'failed',
          messageKey:
            status === 410
              ? 'app.shared.expired'
              : status === 404 || status === 400
                ? 'app.shared.unknown'
                : 'app.shared.failed',
        });
      });
    return () => {
      cancelled = true;
    };
  }, [dataProvider, token]);

  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <CircularProgress />
      </Box>
    );
  }
  if (state.status === 'failed') {
    return (
      <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
        <Alert severity="warning" data-testid="shared-location-failed">
          {translate(state.messageKey)}
        </Alert>
      </Box>
    );
  }
  const { shared } = state;
  const place = shared.location;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, height: '100vh', gridTemplateRows: 'auto 1fr' }}>
      <Stack gap={0.5} data-testid="shared-location">
        <Typography variant="h5">
          {[shared.machine.name, shared.machine.assetId].filter(Boolean).join(' · ')}
        </Typography>
        <Typography color="text.secondary">
          {translate('app.shared.shared_by', { organisation: shared.organisation })}
          {' · '}
          {place
            ? translate('app.shared.last_position', {
                time: formatDateTime(place.lastUpdated, language),
              })
            : translate('app.shared.no_position')}
          {' · '}
          {translate('app.shared.expires', { time: formatDateTime(shared.expiresAt, language) })}
        </Typography>
      </Stack>
      <Box sx={{ borderRadius: 1, overflow: 'hidden', minHeight: 320 }}>
        <MapContainer
          center={place ? [place.latitude, place.longitude] : [54, -2.5]}
          zoom={place ? 15 : 5}
          style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
        >
          <BaseLayersView layers={shared.layers} outlineName={translate('app.map.outline_layer')} />
          {place ? (
            <CircleMarker
              center={[place.latitude, place.longitude]}
              radius={10}
              pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#0857B2', fillOpacity: 1 }}
            />
          ) : null}
        </MapContainer>
      </Box>
    </Box>
  );
}

export default SharedLocationPage;
