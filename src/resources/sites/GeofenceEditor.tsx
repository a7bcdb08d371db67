// Draws and edits a site's geofence on a map: a circle (click for the centre, drag it, type the
// radius) or a polygon (click to add corners, drag them, undo the last, clear). The problem the
// server would name (src/domain/geofence.ts) is shown as it is drawn.
import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Button,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Circle, MapContainer, Marker, Polygon, useMap, useMapEvents } from 'react-leaflet';
import {
  geofenceProblem,
  MAX_RADIUS_M,
  MIN_RADIUS_M,
  type Geofence,
  type LatLng,
} from '../../domain/geofence.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';

/** A geofence being drawn: a polygon may have fewer than three corners yet. */
export type DraftGeofence =
  | { type: 'circle'; centre: LatLng | null; radiusM: number }
  | { type: 'polygon'; points: LatLng[] };

export const DEFAULT_RADIUS_M = 250;
/** Where an empty editor opens; one with a geofence fits it. */
const GREAT_BRITAIN: [number, number] = [54, -2.5];

/** The draft as the API takes it, or null while it is not complete. */
export function completeGeofence(draft: DraftGeofence): Geofence | null {
  if (draft.type === 'circle') {
    return draft.centre ? { type: 'circle', centre: draft.centre, radiusM: draft.radiusM } : null;
  }
  return draft.points.length >= 3 ? { type: 'polygon', points: draft.points } : null;
}

export function draftOf(geofence: Geofence | null): DraftGeofence {
  return geofence ?? { type: 'circle', centre: null, radiusM: DEFAULT_RADIUS_M };
}

// Plain dots as handles: Leaflet's default marker images are not bundled.
const handle = L.divIcon({
  className: '',
  html: '<div style="width:14px;height:14px;border-radius:50%;background:#fff;border:3px solid #0857B2;margin:-7px 0 0 -7px"></div>',
});

/** Six decimals: about 10 cm, finer than any fence needs. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

const toLatLng = (point: L.LatLng): LatLng => ({
  latitude: round6(point.lat),
  longitude: round6(point.lng),
});

function ClickToDraw({ draft, onChange }: GeofenceEditorProps) {
  useMapEvents({
    click(event) {
      const point = toLatLng(event.latlng);
      if (draft.type === 'circle') onChange({ ...draft, centre: point });
      else onChange({ ...draft, points: [...draft.points, point] });
    },
  });
  return null;
}

/** Shows the geofence when the editor opens on one. */
function FitOnce({ geofence }: { geofence: Geofence | null }) {
  const map = useMap();
  useEffect(() => {
    if (!geofence) return;
    const bounds =
      geofence.type === 'circle'
        ? L.latLng(geofence.centre.latitude, geofence.centre.longitude).toBounds(
            geofence.radiusM * 2.5,
          )
        : L.latLngBounds(geofence.points.map((p) => [p.latitude, p.longitude]));
    map.fitBounds(bounds, { maxZoom: 17 });
    // Only the geofence the editor opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}

export interface GeofenceEditorProps {
  draft: DraftGeofence;
  onChange(draft: DraftGeofence): void;
}

export function GeofenceEditor({ draft, onChange }: GeofenceEditorProps) {
  const translate = useTranslate();
  const complete = completeGeofence(draft);
  const problem = complete ? geofenceProblem(complete) : null;
  const opening = useMemo(() => complete, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap={1} data-testid="geofence-editor">
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <ToggleButtonGroup
          size="small"
          exclusive
          value={draft.type}
          onChange={(_event, type: DraftGeofence['type'] | null) => {
            if (!type || type === draft.type) return;
            onChange(
              type === 'circle'
                ? {
                    type,
                    centre: draft.type === 'polygon' ? (draft.points[0] ?? null) : null,
                    radiusM: DEFAULT_RADIUS_M,
                  }
                : { type, points: [] },
            );
          }}
        >
          <ToggleButton value="circle">{translate('app.sites.geofence.circle')}</ToggleButton>
          <ToggleButton value="polygon">{translate('app.sites.geofence.polygon')}</ToggleButton>
        </ToggleButtonGroup>
        {draft.type === 'circle' ? (
          <TextField
            size="small"
            type="number"
            label={translate('app.sites.geofence.radius_m')}
            value={draft.radiusM}
            onChange={(e) => onChange({ ...draft, radiusM: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: MIN_RADIUS_M, max: MAX_RADIUS_M, step: 10 } }}
            sx={{ width: 140 }}
          />
        ) : (
          <>
            <Button
              size="small"
              disabled={draft.points.length === 0}
              onClick={() => onChange({ ...draft, points: draft.points.slice(0, -1) })}
            >
              {translate('app.sites.geofence.undo')}
            </Button>
            <Button
              size="small"
              disabled={draft.points.length === 0}
              onClick={() => onChange({ ...draft, points: [] })}
            >
              {translate('app.sites.geofence.clear')}
            </Button>
          </>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="geofence-hint">
          {draft.type === 'circle'
            ? translate('app.sites.geofence.hint_circle')
            : translate('app.sites.geofence.hint_polygon', { count: draft.points.length })}
        </Typography>
      </Stack>
      {problem ? <Alert severity="warning">{problem.message}</Alert> : null}
      <div style={{ height: 420, borderRadius: 4, overflow: 'hidden' }}>
        <MapContainer
          center={GREAT_BRITAIN}
          zoom={6}
          style={{ width: '100%', height: '100%', background: MAP_BACKGROUND, cursor: 'crosshair' }}
        >
          <BaseLayers />
          <FitOnce geofence={opening} />
          <ClickToDraw draft={draft} onChange={onChange} />
          <DraftShape draft={draft} onChange={onChange} />
        </MapContainer>
      </div>
    </Stack>
  );
}

/** The drawn shape, with a handle to drag at the centre or at each corner. */
function DraftShape({ draft, onChange }: GeofenceEditorProps) {
  return (
    <>
      {draft.type === 'circle' && draft.centre ? (
        <>
          <Circle
            center={[draft.centre.latitude, draft.centre.longitude]}
            radius={draft.radiusM}
            pathOptions={{ color: '#43a047', weight: 2, fillOpacity: 0.15 }}
            interactive={false}
          />
          <Marker
            position={[draft.centre.latitude, draft.centre.longitude]}
            icon={handle}
            draggable
            eventHandlers={{
              dragend: (event) =>
                onChange({
                  ...draft,
                  centre: toLatLng((event.target as L.Marker).getLatLng()),
                }),
            }}
          />
        </>
      ) : null}
      {draft.type === 'polygon' && draft.points.length > 0 ? (
        <>
          <Polygon
            positions={draft.points.map((p) => [p.latitude, p.longitude])}
            pathOptions={{ color: '#43a047', weight: 2, fillOpacity: 0.15 }}
            interactive={false}
          />
          {draft.points.map((point, i) => (
            <Marker
              key={`${i}-${point.latitude}-${point.longitude}`}
              position={[point.latitude, point.longitude]}
              icon={handle}
              draggable
              eventHandlers={{
                dragend: (event) => {
                  const moved = toLatLng((event.target as L.Marker).getLatLng());
                  onChange({
                    ...draft,
                    points: draft.points.map((p, j) => (j === i ? moved : p)),
                  });
                },
              }}
            />
          ))}
        </>
      ) : null}
    </>
  );
}
