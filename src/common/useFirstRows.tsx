// A long table's first rows, and a button that shows the rest: a machine's meter readings, a hire's
// over-use periods.
import { Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function useFirstRows<Row>(
  rows: readonly Row[],
  first: number,
): { shown: readonly Row[]; more: ReactNode } {
  const translate = useTranslate();
  const [all, setAll] = useState(false);
  if (all || rows.length <= first) return { shown: rows, more: null };
  return {
    shown: rows.slice(0, first),
    more: (
      <Button onClick={() => setAll(true)} sx={{ justifySelf: 'start' }}>
        {translate('app.meters.show_all', { count: rows.length })}
      </Button>
    ),
  };
}
