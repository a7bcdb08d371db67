// A machine's meter readings, newest first: when, from where, what kind, what the meter showed and
// where that sits on the lifetime count, and the photo of the dial when one was taken; the first
// ten, the rest on request.
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../../dataProvider/dataProvider.ts';
import { saveBlob } from '../../../../common/saveBlob.ts';
import type { MeterReading } from '../../../../domain/api/meters.ts';
import { useFormat } from '../../../../common/useFormat.ts';
import { useFirstRows } from '../../../../common/useFirstRows.tsx';

const FIRST = 10;

function DialPhoto({ reading }: { reading: MeterReading }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { fileId } = reading;
  if (!fileId) return null;
  return (
    <IconButton
      size="small"
      aria-label={translate('app.meters.photo')}
      onClick={() =>
        void dataProvider
          .downloadDocument(fileId)
          .then((blob) =>
            saveBlob(
              blob,
              `meter-${reading.readAt.slice(0, 10)}.${blob.type.split('/')[1] ?? 'jpg'}`,
            ),
          )
      }
    >
      <PhotoCamera fontSize="small" />
    </IconButton>
  );
}

export function MeterHistory({ readings }: { readings: MeterReading[] }) {
  const translate = useTranslate();
  const format = useFormat();
  const { shown, more } = useFirstRows(readings, FIRST);
  if (readings.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {translate('app.meters.history')}
      </Typography>
      <TableContainer>
        <Table size="small" data-testid="meter-history">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.meters.read_at')}</TableCell>
              <TableCell>{translate('app.meters.source')}</TableCell>
              <TableCell>{translate('app.meters.kind')}</TableCell>
              <TableCell align="right">{translate('app.meters.value')}</TableCell>
              <TableCell align="right">{translate('app.meters.lifetime')}</TableCell>
              <TableCell>{translate('app.meters.by')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((reading) => (
              <TableRow key={reading.id}>
                <TableCell>{format.dateTime(reading.readAt)}</TableCell>
                <TableCell>{translate(`app.meters.sources.${reading.source}`)}</TableCell>
                <TableCell>
                  {translate(`app.meters.kinds.${reading.kind}`)}
                  {reading.outOfOrder ? ` (${translate('app.meters.out_of_order')})` : ''}
                </TableCell>
                <TableCell align="right">{format.measure(reading.valueH, 'h', 2)}</TableCell>
                <TableCell align="right">{format.measure(reading.lifetimeH, 'h', 2)}</TableCell>
                <TableCell>{reading.userName ?? '–'}</TableCell>
                <TableCell padding="none">
                  <DialPhoto reading={reading} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {more}
    </>
  );
}
