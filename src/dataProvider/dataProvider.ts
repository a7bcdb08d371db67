// react-admin's dataProvider: its standard methods for the resources, and each area's named
// calls (one file each), composed into one provider. The machine and site calls answer in the
// spec's shapes ({machines, total, summary}, {sites}) and are mapped by hand; the users resources
// are ra-data-simple-rest (src/dataProvider/users.ts).
import { apiClientCalls } from './apiClients.ts';
import { privacyCalls } from './privacy.ts';
import { webhookCalls } from './webhooks.ts';
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import { accountCalls } from './account.ts';
import { adminCalls, auditResource } from './admin.ts';
import { alertCalls, alertResource } from './alerts.ts';
import { checkCalls, checkTemplateResource } from './checks.ts';
import { assetCalls, assetResource } from './assets.ts';
import { dashboardCalls } from './dashboard.ts';
import { deviceCalls, deviceResource } from './devices.ts';
import { filterCalls } from './filters.ts';
import { groupCalls, groupResource } from './groups.ts';
import { hireCalls, hireResource } from './hires.ts';
import { mapCalls } from './maps.ts';
import { machineCalls, listMachines } from './machines.ts';
import { maintenanceCalls, maintenanceResource, planResource } from './maintenance.ts';
import { machineSettingCalls } from './machineSettings.ts';
import { meterCalls } from './meters.ts';
import { onboardingCalls } from './onboarding.ts';
import { organisationResource } from './organisations.ts';
import { documentResource, reportCalls, reportFileResource } from './reports.ts';
import { shiftResource } from './shifts.ts';
import { siteCalls, siteResource } from './sites.ts';
import { secondFactorCalls } from './secondFactor.ts';
import { sessionCalls } from './sessions.ts';
import { ssoCalls } from './sso.ts';
import { ssoProviderResource } from './ssoProviders.ts';
import { userCalls, userResource } from './users.ts';

export type { DashboardRequest } from './dashboard.ts';
export { toMachine, type Machine } from './machines.ts';

function areaCalls(client: ApiClient) {
  return {
    ...accountCalls(client),
    ...adminCalls(client),
    ...alertCalls(client),
    ...assetCalls(client),
    ...checkCalls(client),
    ...dashboardCalls(client),
    ...deviceCalls(client),
    ...filterCalls(client),
    ...groupCalls(client),
    ...apiClientCalls(client),
    ...privacyCalls(client),
    ...webhookCalls(client),
    ...hireCalls(client),
    ...mapCalls(client),
    ...machineCalls(client),
    ...machineSettingCalls(client),
    ...maintenanceCalls(client),
    ...meterCalls(client),
    ...onboardingCalls(client),
    ...reportCalls(client),
    ...siteCalls(client),
    ...secondFactorCalls(client),
    ...sessionCalls(client),
    ...ssoCalls(client),
    ...userCalls(client),
  };
}

export type PortalDataProvider = DataProvider & ReturnType<typeof areaCalls>;

/** A resource's standard methods, its name already chosen. */
interface ResourceMethods {
  getList(params: GetListParams): Promise<GetListResult>;
  getOne(params: GetOneParams): Promise<GetOneResult>;
  getMany(params: GetManyParams): Promise<GetManyResult>;
  create(params: CreateParams): Promise<CreateResult>;
  update(params: UpdateParams): Promise<UpdateResult>;
  delete(params: DeleteParams): Promise<DeleteResult>;
  deleteMany?(params: DeleteManyParams): Promise<DeleteManyResult>;
}

function unsupported(method: string) {
  return (resource: string): Promise<never> =>
    Promise.reject(new Error(`The API offers no ${method} for ${resource}`));
}

export function createDataProvider(client: ApiClient): PortalDataProvider {
  // The resources whose standard methods the API offers.
  const resources: Record<string, ResourceMethods | undefined> = {
    sites: siteResource(client),
    groups: groupResource(client),
    hires: hireResource(client),
    'check-templates': checkTemplateResource(client),
    maintenance: maintenanceResource(client),
    'maintenance/plans': planResource(client),
    users: userResource(client, 'users'),
    'portal/users': userResource(client, 'portal/users'),
    'admin/sso-providers': ssoProviderResource(client),
    'admin/orgs/settings': organisationResource(client),
    'admin/shifts': shiftResource(client),
    gateways: deviceResource(client, 'gateways'),
    'admin/gateways': deviceResource(client, 'admin/gateways'),
    sensors: deviceResource(client, 'sensors'),
    'equipment/assets': assetResource(client),
    'reports/files': reportFileResource(client),
    files: documentResource(client),
    alerts: alertResource(client),
    'admin/audit': auditResource(client, 'admin/audit'),
    'organisation/audit': auditResource(client, 'organisation/audit'),
  };
  return {
    // react-query's signal reaches fetch, so leaving a screen cancels its requests.
    supportAbortSignal: true,
    getList: (resource, params) =>
      resource === 'machines'
        ? listMachines(client, params)
        : (resources[resource]?.getList(params) ?? unsupported('list')(resource)),
    getOne: (resource, params) =>
      resources[resource]?.getOne(params) ?? unsupported('getOne')(resource),
    getMany: (resource, params) =>
      resources[resource]?.getMany(params) ?? unsupported('getMany')(resource),
    getManyReference: unsupported('getManyReference'),
    create: (resource, params) =>
      resources[resource]?.create(params) ?? unsupported('create')(resource),
    update: (resource, params) =>
      resources[resource]?.update(params) ?? unsupported('update')(resource),
    updateMany: unsupported('updateMany'),
    delete: (resource, params) =>
      resources[resource]?.delete(params) ?? unsupported('delete')(resource),
    deleteMany: (resource, params) =>
      resources[resource]?.deleteMany?.(params) ?? unsupported('deleteMany')(resource),
    ...areaCalls(client),
  } as PortalDataProvider;
}
