// Photos taken with the phone's camera (or chosen from its pictures on a computer): a button that
// opens the back camera, and a thumbnail of each photo with a button to take it out again.
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Close from '@mui/icons-material/Close';
import { Box, Button, IconButton, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BlobImage } from './BlobImage.tsx';

function Thumbnail({ photo, onRemove }: { photo: File; onRemove: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ position: 'relative', width: 72, height: 72 }}>
      <BlobImage
        blob={photo}
        alt={photo.name}
        sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1 }}
      />
      <IconButton
        size="small"
        onClick={onRemove}
        aria-label={translate('app.photos.remove', { name: photo.name })}
        sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}
      >
        <Close fontSize="inherit" />
      </IconButton>
    </Box>
  );
}

export function PhotoInput({
  photos,
  onChange,
  max,
  label,
  testId,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  max: number;
  label: string;
  testId: string;
}) {
  return (
    <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
      {photos.length < max ? (
        <Button component="label" startIcon={<PhotoCamera />}>
          {label}
          <input
            hidden
            type="file"
            accept="image/*"
            capture="environment"
            multiple={max > 1}
            data-testid={testId}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              onChange([...photos, ...chosen].slice(0, max));
            }}
          />
        </Button>
      ) : null}
      {photos.map((photo, index) => (
        <Thumbnail
          key={`${photo.name}-${index}`}
          photo={photo}
          onRemove={() => onChange(photos.filter((_, i) => i !== index))}
        />
      ))}
    </Stack>
  );
}
