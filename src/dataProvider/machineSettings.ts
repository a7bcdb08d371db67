// A machine's settings: its group (the groups themselves are groups.ts) and load capacity, additional information, hour meter, picture,
// fuel settings and tank calibration.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  AdditionalInformation,
  FormDropDownValues,
  FuelCalibrationReply,
  FuelReply,
  FuelSettings,
  HourMeterBody,
  MachineSettings,
} from '../domain/api/machineSettings.ts';

export const machineSettingKeys = {
  groups: ['groups'],
  formDropDownValues: ['form-drop-down-values'],
  fuel: (id: string, startDate: string, endDate: string) => [
    'machine-fuel',
    id,
    startDate,
    endDate,
  ],
  fuelSettings: (id: string) => ['machine-fuel-settings', id],
  fuelCalibration: (id: string) => ['machine-fuel-calibration', id],
};

const path = (id: string, rest: string) => `/v1/portal/machines/${encodeURIComponent(id)}${rest}`;

const upload = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
};

export function machineSettingCalls(client: ApiClient) {
  return {
    setMachineGroup: async (id: string, groupId: string | null) => {
      await client.request(path(id, '/groups'), { method: 'PATCH', body: { groupId } });
    },
    setLoadCapacity: async (id: string, capacity: number | null) => {
      await client.request(path(id, '/load_capacity'), { method: 'PATCH', body: { capacity } });
    },
    getFormDropDownValues: () =>
      client.request<FormDropDownValues>(
        '/v1/portal/machines/additional-information/form-drop-down-values',
      ),
    updateAdditionalInformation: (id: string, changes: AdditionalInformation) =>
      client.request<MachineSettings>(path(id, '/additional-information'), {
        method: 'PATCH',
        body: changes,
      }),
    correctHourMeter: (id: string, reading: HourMeterBody) =>
      client.request<MachineSettings>(path(id, '/vhm'), { method: 'PATCH', body: reading }),
    uploadMachineImage: (id: string, image: File) =>
      client.request<{ imageUrl: string | null }>(`/v1/machines/${encodeURIComponent(id)}/image`, {
        method: 'POST',
        body: upload('image', image),
      }),
    getFuel: (id: string, range: { startDate: string; endDate: string }) =>
      client.request<FuelReply>(`/v1/portal/fuel/${encodeURIComponent(id)}`, { query: range }),
    getFuelSettings: (id: string) => client.request<FuelSettings>(path(id, '/fuel/settings')),
    saveFuelSettings: (id: string, settings: FuelSettings) =>
      client.request<FuelSettings>(path(id, '/fuel/settings'), { method: 'PUT', body: settings }),
    resetFuelSettings: (id: string) =>
      client.request<FuelSettings>(path(id, '/fuel/settings'), { query: { reset: 'true' } }),
    getFuelCalibration: (id: string) =>
      client.request<FuelCalibrationReply>(path(id, '/fuel/calibration')),
    uploadFuelCalibration: (id: string, file: File) =>
      client.request<FuelCalibrationReply>(path(id, '/fuel/calibration'), {
        method: 'POST',
        body: upload('file', file),
      }),
    /** A sample calibration file to fill in. */
    getCalibrationTemplate: () =>
      client.request<Blob>('/v1/portal/machines/fuel/calibration/template', {
        responseType: 'blob',
      }),
  };
}
