// A machine's hour meter (issue 41): its readings and the meter now, a new reading, the leading
// source; the drifting meters for staff.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  DriftingMeter,
  MeterLead,
  MeterReading,
  MeterReadingBody,
  MeterReply,
} from '../domain/api/meters.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

export function meterCalls(client: ApiClient) {
  return {
    getMeter: (id: string) =>
      client.request<MeterReply>(pathTo(endpoints.portal.machines.meterReadings, { id })),
    addMeterReading: (id: string, reading: MeterReadingBody) =>
      client.request<MeterReading>(pathTo(endpoints.portal.machines.meterReadings, { id }), {
        method: 'POST',
        body: reading,
      }),
    setMeterLead: (id: string, lead: MeterLead) =>
      client.request<MeterReply>(pathTo(endpoints.portal.machines.meterLead, { id }), {
        method: 'PUT',
        body: { lead },
      }),
    getDriftingMeters: () => client.request<DriftingMeter[]>(endpoints.admin.machines.meterDrift),
  };
}
