// A screen loaded on demand: retried 10 times at 500 ms, then a 15 s notice and an inline Retry.
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Alert, Box, Button } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { LAZY_LOAD_ERROR_NOTICE_MS } from '../domain/constants.ts';
import { notifyTimeout } from '../common/notifyOptions.ts';
import { useErrorReport } from '../common/useErrorReport.ts';
import { retryImport } from './retryImport.ts';

class LoadBoundary extends Component<
  { fallback: (error: unknown) => ReactNode; children: ReactNode },
  { failed: boolean; error: unknown }
> {
  override state = { failed: false, error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }
  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The page-load failure text with a Retry action, in the notice and in place of the screen. */
function RetryAlert({ onRetry, variant }: { onRetry: () => void; variant?: 'filled' }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      variant={variant}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('app.errors.retry')}
        </Button>
      }
    >
      {translate('app.errors.page_load')}
    </Alert>
  );
}

function LoadFailed({ onRetry, error }: { onRetry: () => void; error: unknown }) {
  const notify = useNotify();
  const report = useErrorReport();
  useEffect(() => report('lazy-load', error), [report, error]);
  useEffect(() => {
    notify(
      <RetryAlert onRetry={onRetry} variant="filled" />,
      notifyTimeout(LAZY_LOAD_ERROR_NOTICE_MS),
    );
  }, [notify, onRetry]);
  return (
    <Box sx={{ p: 3 }}>
      <RetryAlert onRetry={onRetry} />
    </Box>
  );
}

export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  retry: { retries?: number; intervalMs?: number } = {},
): ComponentType<P> {
  const makeScreen = () => lazy(() => retryImport(load, retry.retries, retry.intervalMs));
  // Replaced on Retry: React caches a rejected import for the life of a lazy component.
  let Screen = makeScreen();
  function LazyScreen(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = useCallback(() => {
      Screen = makeScreen();
      setAttempt((n) => n + 1);
    }, []);
    return (
      <LoadBoundary
        key={attempt}
        fallback={(error) => <LoadFailed onRetry={retry} error={error} />}
      >
        <Suspense fallback={<Loading />}>
          <Screen {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyScreen;
}
