// Reports an unexpected error to the server (src/domain/clientErrors.ts says which and how often).
// Reporting never fails a screen: a report that cannot be sent is dropped.
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import type { ClientErrorKind } from '../domain/api/clientErrors.ts';
import { clientErrorReport, ReportThrottle } from '../domain/clientErrors.ts';

const throttle = new ReportThrottle();

export function useErrorReport(): (kind: ClientErrorKind, error: unknown) => void {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useCallback(
    (kind, error) => {
      const screen = `${window.location.pathname}${window.location.search}`;
      const report = clientErrorReport(kind, error, screen);
      if (!report || !throttle.allows(report, Date.now())) return;
      try {
        dataProvider.reportClientError(report).catch(() => undefined);
      } catch {
        // A provider without the call (an embedding's own) reports nothing.
      }
    },
    [dataProvider],
  );
}
