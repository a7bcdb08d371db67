// Entry of /embedded: a compact machine list for embedding in other pages, without the portal's
// chrome, but in the organisation's brand: its colours and logo in a slim header.
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
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
import { DEFAULT_BRAND_CONFIGURATION, type BrandConfiguration } from './domain/brand.ts';
import { brandTheme } from './layout/brandTheme.ts';

const EMBEDDED_ROWS = 100;

type State =
  | { status: 'loading' }
  | { status: 'ready'; machines: Machine[]; total: number }
  | { status: 'signed-out' }
  | { status: 'failed'; messageKey: string };

/** The signed-in user's brand around the list; the default brand until it is known. */
function EmbeddedBrand({
  dataProvider,
  children,
}: {
  dataProvider: PortalDataProvider;
  children: (brand: BrandConfiguration) => ReactNode;
}) {
  const [brand, setBrand] = useState(DEFAULT_BRAND_CONFIGURATION);
  useEffect(() => {
    dataProvider
      .getSettings()
      .then((settings) => {
        // A call that ended the session answers no settings: the default brand stays.
        if ('brandConfiguration' in settings) setBrand(settings.brandConfiguration);
      })
      .catch(() => undefined);
  }, [dataProvider]);
  return <ThemeProvider theme={createTheme(brandTheme(brand))}>{children(brand)}</ThemeProvider>;
}

function EmbeddedMachines({
  dataProvider,
  i18n,
  brand,
}: {
  dataProvider: PortalDataProvider;
  i18n: I18nProvider;
  brand: BrandConfiguration;
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
      <Box
        data-testid="embedded-header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 1,
          bgcolor: brand.primaryColour.backgroundColour,
          color: brand.primaryColour.textColour,
        }}
      >
        {brand.logoLink ? (
          <Box
            component="img"
            src={brand.logoLink}
            alt=""
            data-testid="embedded-logo"
            sx={{ maxHeight: 42, maxWidth: 250 }}
          />
        ) : null}
        <Typography variant="subtitle2">
          {t('resources.machines.name', { smart_count: 2 })}: {state.total}
        </Typography>
      </Box>
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
      <EmbeddedBrand dataProvider={dataProvider}>
        {(brand) => <EmbeddedMachines dataProvider={dataProvider} i18n={i18n} brand={brand} />}
      </EmbeddedBrand>
    </StrictMode>,
  );
}

void start();
