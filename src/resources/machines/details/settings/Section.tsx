// One titled part of the machine's settings, and what each part is given.
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Machine } from '../../../../dataProvider/dataProvider.ts';
import type { MachineSettings } from '../../../../domain/api/machineSettings.ts';

/** What every part of the settings card is given. */
export interface SectionProps {
  machine: Machine;
  settings: MachineSettings;
  canWrite: boolean;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
