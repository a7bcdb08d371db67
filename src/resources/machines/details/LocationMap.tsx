// Where the machine was last seen, on a small map in the header.
import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import { CircleMarker, MapContainer } from 'react-leaflet';
import { BaseLayers, MAP_BACKGROUND } from '../../../common/BaseLayers.tsx';

export function LocationMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <Box
      sx={{ width: 280, height: 160, borderRadius: 1, overflow: 'hidden' }}
      data-testid="location-map"
    >
      <MapContainer
        center={[latitude, longitude]}
        zoom={14}
        style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
        scrollWheelZoom={false}
        attributionControl
      >
        <BaseLayers />
        <CircleMarker
          center={[latitude, longitude]}
          radius={8}
          pathOptions={{ color: '#0857B2' }}
        />
      </MapContainer>
    </Box>
  );
}
