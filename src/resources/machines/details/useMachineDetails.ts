// The machine and its activity for the range in the URL, through the portal's data provider.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import { machineKeys } from '../../../dataProvider/machines.ts';

export function useMachineDetails(id: string, startDate: string, endDate: string) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const machine = useQuery({
    queryKey: machineKeys.one(id, startDate, endDate),
    queryFn: () => dataProvider.getMachine(id, { start: startDate, end: endDate }),
    retry: false,
  });
  const activity = useQuery({
    queryKey: machineKeys.activity(id, { startDate, endDate }),
    queryFn: () => dataProvider.getMachineActivity(id, { startDate, endDate }),
    retry: false,
  });
  return { machine, activity };
}
