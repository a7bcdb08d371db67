// Maintenance (issue 42): the due list ('maintenance', ra-data-simple-rest over
// /v1/portal/maintenance, read only), the plan templates ('maintenance/plans' over
// /v1/portal/service-plans: an organisation has a few, so they are paged here) and a machine's
// service records.
import type { GetListParams, GetManyParams, GetOneParams } from 'ra-core';
import type { QueryClient } from '@tanstack/react-query';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ApiClient } from '../api/apiClient.ts';
import type {
  ServiceBody,
  ServicePlan,
  ServicePlanBody,
  ServicePlanChoices,
  ServiceRecord,
} from '../domain/api/maintenance.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { smallCollectionResource } from './smallCollection.ts';

export const maintenanceKeys = {
  services: (machineId: string) => ['machine-services', machineId],
  due: (machineId: string) => ['machine-due', machineId],
  choices: ['service-plan-choices'],
};

/** After a service is written: the machine's services and every due list are read again. */
export const serviceWritten = (queryClient: QueryClient, machineId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: maintenanceKeys.services(machineId) }),
    queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  ]);

const readOnly = () => Promise.reject(new Error('Due points are worked out, not edited'));

export function maintenanceResource(client: ApiClient) {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  return {
    getList: (params: GetListParams) => rest.getList('portal/maintenance', params),
    getOne: (_params: GetOneParams) => readOnly(),
    getMany: (_params: GetManyParams) => readOnly(),
    create: readOnly,
    update: readOnly,
    delete: readOnly,
  };
}

const PLAN_FIELDS = [
  'name',
  'intervalH',
  'intervalDays',
  'intervalMonths',
  'intervalKm',
  'dueSoonH',
  'dueSoonDays',
  'safetyCritical',
  'categories',
  'models',
  'machineIds',
] as const satisfies readonly (keyof ServicePlanBody)[];

/** The form's plan terms: an emptied number is no interval (null), not zero. */
function planBody(data: Partial<Record<string, unknown>>): Partial<ServicePlanBody> {
  const body: Record<string, unknown> = {};
  for (const field of PLAN_FIELDS) {
    const value = data[field];
    if (value === undefined) continue;
    body[field] = value === '' ? null : value;
  }
  return body as Partial<ServicePlanBody>;
}

export const planResource = (client: ApiClient) =>
  smallCollectionResource<ServicePlan>(client, endpoints.portal.servicePlans, planBody);

export function maintenanceCalls(client: ApiClient) {
  const { machines } = endpoints.portal;
  const service = (machineId: string, serviceId: string) =>
    pathTo(machines.service, { id: machineId, serviceId });
  return {
    getServicePlanChoices: () =>
      client.request<ServicePlanChoices>(endpoints.portal.servicePlans.choices),
    getMachineServices: (machineId: string, signal?: AbortSignal) =>
      client.request<ServiceRecord[]>(pathTo(machines.services, { id: machineId }), { signal }),
    addMachineService: (machineId: string, body: ServiceBody) =>
      client.request<ServiceRecord>(pathTo(machines.services, { id: machineId }), {
        method: 'POST',
        body,
      }),
    changeMachineService: (machineId: string, serviceId: string, body: ServiceBody) =>
      client.request<ServiceRecord>(service(machineId, serviceId), { method: 'PATCH', body }),
    deleteMachineService: (machineId: string, serviceId: string) =>
      client.request<unknown>(service(machineId, serviceId), { method: 'DELETE' }),
  };
}
