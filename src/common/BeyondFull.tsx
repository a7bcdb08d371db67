// A utilisation above 100 % says why wherever it shows: it counts active hours beyond those it is
// measured against, 8 a working day (working utilisation) or the hire contracts' (rental
// utilisation), as docs/activity.md defines them. Not capped: those hours are what over-use bills.
import { Box, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const EXPLAINED: Record<string, string> = {
  workingUtilisation: 'app.utilisation.beyond_working',
  rentalUtilisation: 'app.utilisation.beyond_rental',
};

interface BeyondFullProps {
  /** The metric's name (workingUtilisation, rentalUtilisation); others are never explained. */
  metric: string;
  value: number | null;
  /** A line under a card's figure, rather than a marker beside a cell's. */
  caption?: boolean;
}

export function BeyondFull({ metric, value, caption = false }: BeyondFullProps) {
  const translate = useTranslate();
  const key = EXPLAINED[metric];
  if (!key || value === null || value <= 100) return null;
  const why = translate(key);
  if (caption)
    return (
      <Typography variant="caption" color="text.secondary" component="div">
        {why}
      </Typography>
    );
  return (
    <Tooltip title={why}>
      <Box
        component="sup"
        tabIndex={0}
        aria-label={why}
        sx={{ ml: 0.25, cursor: 'help', color: 'warning.dark' }}
      >
        *
      </Box>
    </Tooltip>
  );
}
