// Entry of /embedded: a compact machine list for embedding in other pages, without the portal's chrome.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HttpError, type I18nProvider } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Machine, PortalDataProvider } from './dataProvider/dataProvider.ts';
import { createI18nProvider, loadMessages } from './i18n/i18nProvider.ts';
import { offeredLanguages, readLanguage } from './i18n/languages.ts';
import { createProviders } from './providers.ts';
import { links } from './domain/paths.ts';

const EMBEDDED_ROWS = 100;

type State =
  | { status: 'loading' }
  | { status: 'ready'; machines: Machine[]; total: number }
  | { status: 'signed-out' }
  | { status: 'failed'; messageKey: string };

function EmbeddedMachines({
  dataProvider,
  i18n,
}: {
  dataProvider: PortalDataProvider;
  i18n: I18nProvider;
}) {
  const t = (key: string, args?: Record<string, unknown>) => i18n.translate(key, args);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .getList<Machine>('machines', {
        pagination: { page: 1, perPage: EMBEDDED_ROWS },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
        signal: controller.signal,
      })
      .then((result) =>
        setState({ status: 'ready', machines: result.data, total: result.total ?? 0 }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.status === 401) setState({ status: 'signed-out' });
        else if (error instanceof HttpError && error.status === 0)
          setState({ status: 'failed', messageKey: 'app.errors.no_response' });
        else setState({ status: 'failed', messageKey: 'app.errors.machines' });
      });
    return () => controller.abort();
  }, [dataProvider]);

  if (state.status === 'loading') return <CircularProgress sx={{ m: 2 }} />;
  if (state.status === 'signed-out') {
    return (
      <Alert
        severity="info"
        action={
          <Button href={links.login()} target="_blank" rel="noopener" size="small">
            {t('app.embedded.open_portal')}
          </Button>
        }
      >
        {t('app.embedded.sign_in')}
      </Alert>
    );
  }
  if (state.status === 'failed') return <Alert severity="error">{t(state.messageKey)}</Alert>;
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ p: 1 }}>
        {t('resources.machines.name', { smart_count: 2 })}: {state.total}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {(['name', 'assetId', 'site', 'customer', 'hiredStatus'] as const).map((field) => (
              <TableCell key={field}>{t(`resources.machines.fields.${field}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {state.machines.map((machine) => (
            <TableRow key={machine.id}>
              <TableCell>{machine.name}</TableCell>
              <TableCell>{machine.assetId}</TableCell>
              <TableCell>{machine.site}</TableCell>
              <TableCell>{machine.customer}</TableCell>
              <TableCell>{t(`app.machines.hire_status.${machine.hiredStatus}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

async function start() {
  const offered = offeredLanguages(window.location.hostname, import.meta.env.DEV);
  const locale = readLanguage(document.cookie, offered);
  await loadMessages(locale);
  const i18n = createI18nProvider(locale, offered);
  const { dataProvider } = createProviders(i18n);
  const root = document.getElementById('root');
  if (!root) throw new Error('embedded.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <EmbeddedMachines dataProvider={dataProvider} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
