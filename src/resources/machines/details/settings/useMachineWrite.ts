// Runs one change to a machine: the data provider call, then the machine's queries read again and
// a notice of success or of the server's reason for refusing.
import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../../../dataProvider/dataProvider.ts';

export function useMachineWrite(machineId: string) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  /** Resolves to the call's result, or undefined when it failed (the notice says why). */
  const run = async <T>(
    call: (provider: PortalDataProvider) => Promise<T>,
    success = 'app.machine.settings.saved',
  ): Promise<T | undefined> => {
    setBusy(true);
    try {
      const result = await call(dataProvider);
      await queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          query.queryKey[0].startsWith('machine') &&
          query.queryKey[1] === machineId,
      });
      notify(success, { type: 'success' });
      return result;
    } catch (error) {
      notify(error instanceof HttpError || error instanceof Error ? error.message : String(error), {
        type: 'error',
      });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, dataProvider };
}
