// The figures a site shows wherever it is listed: machines, and hours active, idle and off, with
// working utilisation, from the machine list's summary of its machines.
import { TableCell } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MachineListSummary } from '../../domain/api/machines.ts';
import { formatNumber } from '../../domain/format.ts';

export const SITE_FIGURES = [
  'numberOfMachines',
  'activeHours',
  'idleHours',
  'offHours',
  'workingUtilisation',
] as const;

export function SiteFigureHeadings() {
  const translate = useTranslate();
  return (
    <>
      {SITE_FIGURES.map((figure) => (
        <TableCell key={figure} align="right">
          {translate(`app.sites.figures.${figure}`)}
        </TableCell>
      ))}
    </>
  );
}

export function SiteFigureCells({ summary }: { summary: MachineListSummary }) {
  const [language] = useLocaleState();
  return (
    <>
      {SITE_FIGURES.map((figure) => {
        const value = summary[figure].value;
        return (
          <TableCell key={figure} align="right">
            {value === null
              ? '–'
              : formatNumber(value, language, figure === 'numberOfMachines' ? 0 : 1)}
          </TableCell>
        );
      })}
    </>
  );
}
