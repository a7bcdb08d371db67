// The ERP import on /hires: choose a CSV, see what it would change (a dry run), then apply it; a
// refused file lists each bad row with its line, and nothing of it is written.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ApiErrorBody } from '../../api/apiClient.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { HIRE_CSV_COLUMNS, type HireImportReply } from '../../domain/api/hires.ts';
import { saveBlob } from '../../common/saveBlob.ts';
import { UploadButton } from '../machines/details/settings/UploadButton.tsx';

type RowError = { row: number; message: string };

const EXAMPLE = `${HIRE_CSV_COLUMNS.join(',')}
C-2026-0412,NB-2031,,Riverside Homes Ltd,Wembley Park,2026-11-30T07:00:00+00:00,,week,45,week,40,62.50,Delivered by low-loader
`;

function ImportPreview({ reply }: { reply: HireImportReply }) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" data-testid="hire-import-rows">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.hires.import_line')}</TableCell>
            <TableCell>{translate('resources.hires.fields.contractNumber')}</TableCell>
            <TableCell>{translate('resources.hires.fields.assetId')}</TableCell>
            <TableCell>{translate('app.hires.import_action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reply.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell align="right">{row.line}</TableCell>
              <TableCell>{row.contractNumber}</TableCell>
              <TableCell>{row.assetId}</TableCell>
              <TableCell>{translate(`app.hires.actions.${row.action}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function HireImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<HireImportReply | null>(null);
  const [refused, setRefused] = useState<RowError[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async (chosen: File, apply: boolean) => {
    setBusy(true);
    setRefused([]);
    try {
      const reply = await dataProvider.importHires(chosen, apply);
      if (!apply) return setPreview(reply);
      notify('app.hires.import_applied', {
        type: 'success',
        messageArgs: { created: reply.created, updated: reply.updated },
      });
      setOpen(false);
      refresh();
    } catch (error) {
      const body =
        error instanceof HttpError ? (error.body as ApiErrorBody | undefined) : undefined;
      setPreview(null);
      setRefused(
        body?.rows ?? [{ row: 0, message: error instanceof Error ? error.message : String(error) }],
      );
    } finally {
      setBusy(false);
    }
  };
  const changes = preview ? preview.created + preview.updated : 0;

  return (
    <>
      <Button size="small" startIcon={<UploadFile />} onClick={() => setOpen(true)}>
        {translate('app.hires.import')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{translate('app.hires.import_title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">
            {translate('app.hires.import_help', { columns: HIRE_CSV_COLUMNS.join(', ') })}{' '}
            <Link
              component="button"
              type="button"
              onClick={() => saveBlob(new Blob([EXAMPLE], { type: 'text/csv' }), 'hires.csv')}
            >
              {translate('app.hires.import_example')}
            </Link>
          </Typography>
          <UploadButton
            label={file ? file.name : translate('app.hires.import_check')}
            accept=".csv,text/csv"
            testId="hire-import-input"
            disabled={busy}
            onFile={(chosen) => {
              setFile(chosen);
              void send(chosen, false);
            }}
          />
          {refused.length > 0 ? (
            <Alert severity="error" data-testid="hire-import-errors">
              {translate('app.hires.import_refused')}
              <List dense disablePadding>
                {refused.map((error) => (
                  <ListItem key={`${error.row}-${error.message}`} disableGutters>
                    {error.row > 0
                      ? `${translate('app.hires.import_line')} ${error.row}: ${error.message}`
                      : error.message}
                  </ListItem>
                ))}
              </List>
            </Alert>
          ) : null}
          {preview ? <ImportPreview reply={preview} /> : null}
          {preview && changes === 0 ? (
            <Alert severity="info">{translate('app.hires.import_nothing')}</Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy || !file || !preview || changes === 0}
            onClick={() => file && void send(file, true)}
          >
            {translate('app.hires.import_apply', { count: changes })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
