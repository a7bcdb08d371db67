// One labelled figure or descriptor of the details screen; an absent value shows as –.
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children ?? '–'}
      </Typography>
    </Box>
  );
}
