// The phone layout (issue 40): below MUI's `sm` breakpoint (600 px) lists show each row as a card of
// its key facts instead of a table the reader would have to scroll sideways.
import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

export const usePhone = (): boolean =>
  useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** The cards on a phone, the table on anything wider. */
export function TableOrCards({ cards, children }: { cards: ReactNode; children: ReactNode }) {
  return usePhone() ? cards : children;
}
