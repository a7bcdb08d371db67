// What changed between the on-hire and the off-hire check, for the invoice: the fuel to refill,
// the hours run, damage that is new, and attachments that did not come back; then every item
// that changed, with both answers.
import {
  Alert,
  AlertTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CheckDifferences } from '../../../domain/api/checks.ts';
import { Fact } from '../../../common/Fact.tsx';
import { useAnswerText } from './CheckSummary.tsx';

export function CheckDifferencesView({ differences }: { differences: CheckDifferences }) {
  const translate = useTranslate();
  const answerText = useAnswerText();
  const changed = differences.items.filter((item) => item.changed);
  const none = translate('app.checks.none');
  return (
    <Stack gap={1.5} data-testid="check-differences">
      <Typography variant="subtitle1">{translate('app.checks.differences')}</Typography>
      <Stack direction="row" gap={3} flexWrap="wrap">
        <Fact label="app.checks.fuel_used">
          {differences.fuelUsedPct === null
            ? none
            : answerText('fuelLevel', differences.fuelUsedPct)}
        </Fact>
        <Fact label="app.checks.meter_hours">
          {differences.meterHours === null ? none : answerText('hourMeter', differences.meterHours)}
        </Fact>
      </Stack>
      {differences.newDamage.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle>{translate('app.checks.new_damage')}</AlertTitle>
          {differences.newDamage.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
      {differences.missing.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle>{translate('app.checks.missing')}</AlertTitle>
          {differences.missing.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
      {changed.length > 0 ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 0 }}>{translate('app.checks.item')}</TableCell>
              <TableCell>{translate('app.checks.kinds.onHire')}</TableCell>
              <TableCell>{translate('app.checks.kinds.offHire')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changed.map((item) => (
              <TableRow key={item.key}>
                <TableCell sx={{ pl: 0 }}>{item.label}</TableCell>
                <TableCell>{answerText(item.kind, item.onHire)}</TableCell>
                <TableCell>{answerText(item.kind, item.offHire)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Stack>
  );
}
