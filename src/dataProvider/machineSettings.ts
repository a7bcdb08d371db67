// A machine's settings: its group (the groups themselves are groups.ts) and load capacity, additional information, hour meter, picture,
// fuel settings and tank calibration.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  AdditionalInformation,
  FormDropDownValues,
  FuelCalibrationReply,
  FuelReply,
  FuelSettings,
  MachineSettings,
} from '../domain/api/machineSettings.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

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

const upload = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
};

export function machineSettingCalls(client: ApiClient) {
  return {
    setMachineGroup: async (id: string, groupId: string | null) => {
      await client.request(pathTo(endpoints.portal.machines.groups, { id }), {
        method: 'PATCH',
        body: { groupId },
      });
    },
    setLoadCapacity: async (id: string, capacity: number | null) => {
      await client.request(pathTo(endpoints.portal.machines.loadCapacity, { id }), {
        method: 'PATCH',
        body: { capacity },
      });
    },
    getFormDropDownValues: () =>
      client.request<FormDropDownValues>(
        endpoints.portal.machines.additionalInformationFormDropDownValues,
      ),
    updateAdditionalInformation: (id: string, changes: AdditionalInformation) =>
      client.request<MachineSettings>(
        pathTo(endpoints.portal.machines.additionalInformation, { id }),
        {
          method: 'PATCH',
          body: changes,
        },
      ),
    uploadMachineImage: (id: string, image: File) =>
      client.request<{ imageUrl: string | null }>(pathTo(endpoints.machines.image, { id }), {
        method: 'POST',
        body: upload('image', image),
      }),
    getFuel: (id: string, range: { startDate: string; endDate: string }) =>
      client.request<FuelReply>(pathTo(endpoints.portal.fuel.item, { id }), { query: range }),
    getFuelSettings: (id: string) =>
      client.request<FuelSettings>(pathTo(endpoints.portal.machines.fuelSettings, { id })),
    saveFuelSettings: (id: string, settings: FuelSettings) =>
      client.request<FuelSettings>(pathTo(endpoints.portal.machines.fuelSettings, { id }), {
        method: 'PUT',
        body: settings,
      }),
    resetFuelSettings: (id: string) =>
      client.request<FuelSettings>(pathTo(endpoints.portal.machines.fuelSettings, { id }), {
        query: { reset: 'true' },
      }),
    getFuelCalibration: (id: string) =>
      client.request<FuelCalibrationReply>(
        pathTo(endpoints.portal.machines.fuelCalibration, { id }),
      ),
    uploadFuelCalibration: (id: string, file: File) =>
      client.request<FuelCalibrationReply>(
        pathTo(endpoints.portal.machines.fuelCalibration, { id }),
        {
          method: 'POST',
          body: upload('file', file),
        },
      ),
    /** A sample calibration file to fill in. */
    getCalibrationTemplate: () =>
      client.request<Blob>(endpoints.portal.machines.fuelCalibrationTemplate, {
        responseType: 'blob',
      }),
  };
}
