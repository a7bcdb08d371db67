// A signature drawn with a finger or a mouse (the signature_pad library), given back as a PNG data
// URL when a stroke ends, or null when cleared.
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import SignaturePadLibrary from 'signature_pad';

const HEIGHT_PX = 160;

export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLibrary | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Drawn at the screen's own pixel density, so the signature is sharp on a phone.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = HEIGHT_PX * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const made = new SignaturePadLibrary(element, { backgroundColor: 'rgb(255, 255, 255)' });
    made.addEventListener('endStroke', () => onChange(made.toDataURL('image/png')));
    pad.current = made;
    return () => made.off();
  }, [onChange]);

  return (
    <Stack gap={0.5}>
      <Typography variant="subtitle2">{translate('app.checks.signature')}</Typography>
      <Box
        component="canvas"
        ref={canvas}
        data-testid="signature-pad"
        aria-label={translate('app.checks.sign_here')}
        sx={{
          width: '100%',
          height: HEIGHT_PX,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: '#fff',
        }}
      />
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        {translate('app.checks.clear_signature')}
      </Button>
    </Stack>
  );
}
