// The machine's picture: shown, and replaced by an uploaded image (PNG, JPEG, WebP or GIF).
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Machine } from '../../../../dataProvider/dataProvider.ts';
import { Section } from './Section.tsx';
import { UploadButton } from './UploadButton.tsx';
import { useMachineWrite } from './useMachineWrite.ts';

const MAX_IMAGE_BYTES = 5_000_000;

export function ImageSection({ machine, canWrite }: { machine: Machine; canWrite: boolean }) {
  const translate = useTranslate();
  const { run, busy } = useMachineWrite(machine.id);
  return (
    <Section title={translate('app.machine.settings.image')}>
      {machine.imageUrl ? (
        <Box
          component="img"
          src={machine.imageUrl}
          alt={machine.name}
          sx={{ maxWidth: 240, maxHeight: 160, objectFit: 'contain', borderRadius: 1 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.machine.settings.no_image')}
        </Typography>
      )}
      {canWrite ? (
        <div>
          <UploadButton
            label={translate('app.machine.settings.upload_image')}
            accept="image/png,image/jpeg,image/webp,image/gif"
            testId="image-input"
            disabled={busy}
            onFile={(file) => {
              if (file.size > MAX_IMAGE_BYTES) {
                void run(() =>
                  Promise.reject(new Error(translate('app.machine.settings.image_too_big'))),
                );
                return;
              }
              void run((provider) => provider.uploadMachineImage(machine.id, file));
            }}
          />
        </div>
      ) : null}
    </Section>
  );
}
