// A picture held in memory (a photo just taken, one fetched with the session): shown through an
// object URL that lives exactly as long as the picture is on screen.
import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef } from 'react';

export function BlobImage({
  blob,
  alt,
  sx,
  testId,
}: {
  blob: Blob;
  alt: string;
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <Box component="img" ref={image} alt={alt} data-testid={testId} sx={sx} />;
}
