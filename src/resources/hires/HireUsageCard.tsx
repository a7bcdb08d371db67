// A hire's engine hours and over-use on its page (issue 41, docs/rental.md "Over-use"): the leading
// meter's hours over the hire, the hours beyond the allowance and their charge, period by period,
// the latest first. What the ERP reads from GET …/usage.
import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { HireUsage } from '../../domain/api/hires.ts';
import { Fact } from '../../common/Fact.tsx';
import { useFormat } from '../../common/useFormat.ts';
import { useFirstRows } from '../../common/useFirstRows.tsx';

const FIRST = 10;

export function HireUsageCard({ hireId }: { hireId: string }) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: usage } = useQuery({
    queryKey: ['hire-usage', hireId],
    queryFn: () => dataProvider.getHireUsage(hireId),
  });
  const periods = usage ? [...usage.periods].reverse() : [];
  const { shown, more } = useFirstRows(periods, FIRST);
  if (!usage) return null;
  const hours = (value: number) => format.measure(value, 'h', 2);
  // A day by its date; a week or a month from its first day to its last.
  const periodLabel = ({ from, to }: { from: string; to: string }) => {
    const first = format.date(from);
    const last = format.date(Date.parse(to) - 1);
    return first === last ? first : `${first} – ${last}`;
  };
  const terms = usage.overusePeriod !== null;
  return (
    <Card variant="outlined" data-testid="hire-usage">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6">{translate('app.hires.usage.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.hires.usage.meter', {
            source: translate(`app.meters.sources.${usage.meterSource}`),
          })}
        </Typography>
        <UsageTotals usage={usage} />
        {terms && periods.length > 0 ? (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.hires.usage.period')}</TableCell>
                  <TableCell align="right">{translate('app.hires.usage.engine')}</TableCell>
                  <TableCell align="right">{translate('app.hires.usage.allowance')}</TableCell>
                  <TableCell align="right">{translate('app.hires.usage.overuse')}</TableCell>
                  <TableCell align="right">{translate('app.hires.usage.charge')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((period) => (
                  <TableRow key={period.from}>
                    <TableCell>{periodLabel(period)}</TableCell>
                    <TableCell align="right">{hours(period.engineH)}</TableCell>
                    <TableCell align="right">{hours(period.allowanceH)}</TableCell>
                    <TableCell align="right">{hours(period.overuseH)}</TableCell>
                    <TableCell align="right">
                      {format.money(period.charge, usage.currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        {more}
      </CardContent>
    </Card>
  );
}

/** The hire's totals: engine hours, and with over-use terms the hours over and their charge. */
function UsageTotals({ usage }: { usage: HireUsage }) {
  const format = useFormat();
  const hours = (value: number) => format.measure(value, 'h', 2);
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
    >
      <Fact label="app.hires.usage.engine">{hours(usage.engineH)}</Fact>
      {usage.overusePeriod !== null ? (
        <>
          <Fact label="app.hires.usage.overuse">{hours(usage.overuseH)}</Fact>
          <Fact label="app.hires.usage.charge">{format.money(usage.charge, usage.currency)}</Fact>
        </>
      ) : null}
    </Box>
  );
}
