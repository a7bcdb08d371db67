// react-admin's dataProvider: resources and named calls mapped onto the /v1 endpoints.
import type { DataProvider, GetListParams, GetListResult } from 'ra-core';
import {
  MACHINE_SORT_KEYS,
  type MachineListReply,
  type MachineListSummary,
  type MachineRow,
  type MachineUpdateBody,
} from '../domain/api/machines.ts';
import type { DashboardReply, HistoryType } from '../domain/api/dashboard.ts';
import type { FiltersReply, SavedFiltersReply } from '../domain/api/filters.ts';
import type { HeatmapKind, HeatmapReply } from '../domain/api/heatmap.ts';
import type { MapLayersReply } from '../domain/api/mapLayers.ts';
import type { MapsReply } from '../domain/api/maps.ts';
import type { RouteReportQuery } from '../domain/api/routeReport.ts';
import type {
  ShareLocationBody,
  ShareLocationReply,
  SharedLocationReply,
} from '../domain/api/share.ts';
import type { WorkCyclesReply } from '../domain/api/workCycles.ts';
import type { RouteMachinesReply, RouteReply } from '../domain/api/mapRoutes.ts';
import type {
  Site,
  SiteBody,
  SitesOverviewQuery,
  SitesOverviewReply,
  SitesReply,
  SiteTimelineQuery,
  SiteTimelineReply,
} from '../domain/api/sites.ts';
import type { MachineActivityReply } from '../domain/api/machineActivity.ts';
import type { MachineDetailsReply, MachineHealthReply } from '../domain/api/machineInfo.ts';
import type { MachineReportQuery } from '../domain/api/machineReport.ts';
import type {
  OnboardBody,
  OnboardReply,
  UnassignedSource,
  UnassignedSourcesReply,
} from '../domain/api/onboarding.ts';
import type {
  AdditionalInformation,
  FormDropDownValues,
  FuelCalibrationReply,
  FuelReply,
  FuelSettings,
  GroupsReply,
  HourMeterBody,
  MachineGroup,
  MachineSettings,
} from '../domain/api/machineSettings.ts';
import type { UserSettingsReply } from '../domain/api/session.ts';
import type { ApiClient } from './apiClient.ts';

/** A machine as the portal reads it: the wire's assetID is assetId here (spec point 3). */
export type Machine = Omit<MachineRow, 'assetID'> & { assetId: string | null };

export function toMachine({ assetID, ...row }: MachineRow): Machine {
  return { ...row, assetId: assetID };
}

export interface MachineListFilter {
  q?: string;
  startDate?: string;
  endDate?: string;
  show?: 'active' | 'archived' | 'all';
  /** Encoded filter groups, see domain/filterQuery.ts. */
  filter?: string;
}

/** What the dashboard asks for: its URL's range and filter, and the histories its modules show. */
export interface DashboardRequest {
  startDate?: string;
  endDate?: string;
  filter?: string;
  historyTypes: readonly HistoryType[];
  utilisationLimit: number;
}

export interface PortalDataProvider extends DataProvider {
  getSettings(): Promise<UserSettingsReply>;
  getDashboard(query: DashboardRequest, signal?: AbortSignal): Promise<DashboardReply>;
  /** The machines the routes screen offers, by name. */
  getRouteMachines(range: { startDate: string; endDate: string }): Promise<RouteMachinesReply>;
  getRoute(
    machineId: string,
    range: { startDate: string; endDate: string },
    signal?: AbortSignal,
  ): Promise<RouteReply>;
  getSites(): Promise<SitesReply>;
  getSite(id: string): Promise<Site>;
  createSite(body: SiteBody): Promise<Site>;
  updateSite(id: string, body: SiteBody): Promise<Site>;
  deleteSite(id: string): Promise<void>;
  getSitesOverview(query: SitesOverviewQuery, signal?: AbortSignal): Promise<SitesOverviewReply>;
  getSiteTimeline(id: string, query: SiteTimelineQuery): Promise<SiteTimelineReply>;
  /** The machine list's rows and summary for a range and an encoded filter (all pages). */
  getMachineRows(
    query: { startDate: string; endDate: string; filter: string },
    signal?: AbortSignal,
  ): Promise<MachineListReply>;
  getWorkCycles(
    machineId: string,
    range: { startDate: string; endDate: string },
    signal?: AbortSignal,
  ): Promise<WorkCyclesReply>;
  downloadRouteReport(query: RouteReportQuery): Promise<Blob>;
  shareLatestLocation(machineId: string, body: ShareLocationBody): Promise<ShareLocationReply>;
  /** The read-only page of a shared location: no session needed. */
  getSharedLocation(token: string): Promise<SharedLocationReply>;
  /** The configured base maps (tile servers). */
  getMapLayers(): Promise<MapLayersReply>;
  getHeatmap(
    kind: HeatmapKind,
    query: { startDate: string; endDate: string; machineId?: string; filter?: string },
    signal?: AbortSignal,
  ): Promise<HeatmapReply>;
  /** The fleet map, or with `since` (a previous answer's timestamp) what changed after it. */
  getFleetMap(
    query: {
      startDate?: string;
      endDate?: string;
      filter?: string;
      countries?: string;
      since?: string;
    },
    signal?: AbortSignal,
  ): Promise<MapsReply>;
  /** One machine as its list row over a range (all recorded time by default), with its settings. */
  getMachine(
    id: string,
    range?: { start?: string; end?: string },
  ): Promise<Machine & Pick<MachineDetailsReply, 'settings' | 'canEdit'>>;
  getMachineHealth(id: string): Promise<MachineHealthReply>;
  getGroups(): Promise<GroupsReply>;
  createGroup(name: string): Promise<MachineGroup>;
  setMachineGroup(id: string, groupId: string | null): Promise<void>;
  setLoadCapacity(id: string, capacity: number | null): Promise<void>;
  getFormDropDownValues(): Promise<FormDropDownValues>;
  updateAdditionalInformation(id: string, changes: AdditionalInformation): Promise<MachineSettings>;
  correctHourMeter(id: string, reading: HourMeterBody): Promise<MachineSettings>;
  uploadMachineImage(id: string, image: File): Promise<{ imageUrl: string | null }>;
  getFuel(id: string, range: { startDate: string; endDate: string }): Promise<FuelReply>;
  getFuelSettings(id: string): Promise<FuelSettings>;
  saveFuelSettings(id: string, settings: FuelSettings): Promise<FuelSettings>;
  resetFuelSettings(id: string): Promise<FuelSettings>;
  getFuelCalibration(id: string): Promise<FuelCalibrationReply>;
  uploadFuelCalibration(id: string, file: File): Promise<FuelCalibrationReply>;
  /** A sample calibration file to fill in. */
  getCalibrationTemplate(): Promise<Blob>;
  /** An unassigned device by its code or short code, and the claim code on its label. */
  getUnassignedSource(code: string, claimCode?: string): Promise<UnassignedSource>;
  /** Every unassigned device (staff only). */
  getUnassignedSources(): Promise<UnassignedSourcesReply>;
  onboard(body: OnboardBody): Promise<OnboardReply>;
  /** The machine report (CSV or PDF) as a file. */
  downloadMachineReport(query: MachineReportQuery): Promise<Blob>;
  getMachineActivity(
    id: string,
    range: { startDate: string; endDate: string },
  ): Promise<MachineActivityReply>;
  updateMachine(id: string, changes: MachineUpdateBody): Promise<Machine>;
  archiveMachine(id: string): Promise<Machine>;
  unarchiveMachine(id: string): Promise<Machine>;
  getFilters(query: { start?: string; end?: string; show?: string }): Promise<FiltersReply>;
  getSavedFilters(label: string): Promise<SavedFiltersReply>;
  saveFilter(label: string, name: string, filters: string): Promise<{ filterID: string }>;
  deleteSavedFilter(label: string, name: string): Promise<void>;
}

const isSortKey = (field: string): field is (typeof MACHINE_SORT_KEYS)[number] =>
  (MACHINE_SORT_KEYS as readonly string[]).includes(field);

async function listMachines(
  client: ApiClient,
  params: GetListParams,
): Promise<GetListResult<Machine> & { meta: { summary: MachineListSummary } }> {
  const filter = (params.filter ?? {}) as MachineListFilter;
  const sortField = params.sort?.field;
  const reply = await client.request<MachineListReply>('/v1/portal/machines/list', {
    query: {
      start: filter.startDate,
      end: filter.endDate,
      show: filter.show,
      filter: filter.filter,
      q: filter.q,
      sort: sortField && isSortKey(sortField) ? sortField : undefined,
      order: sortField && isSortKey(sortField) ? params.sort?.order : undefined,
      page: params.pagination?.page,
      perPage: params.pagination?.perPage,
    },
    signal: params.signal,
  });
  return {
    data: reply.machines.map(toMachine),
    total: reply.total,
    meta: { summary: reply.summary },
  };
}

function unsupported(method: string) {
  return (resource: string): Promise<never> =>
    Promise.reject(new Error(`The API offers no ${method} for ${resource}`));
}

export function createDataProvider(client: ApiClient): PortalDataProvider {
  return {
    // react-query's signal reaches fetch, so leaving a screen cancels its requests.
    supportAbortSignal: true,
    getList: (resource, params) =>
      resource === 'machines' ? listMachines(client, params) : unsupported('list')(resource),
    getOne: unsupported('getOne'),
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    create: unsupported('create'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
    getSettings: () => client.request<UserSettingsReply>('/v1/users/settings'),
    getFleetMap: ({ startDate, endDate, filter, countries, since }, signal) =>
      client.request<MapsReply>(since ? '/v1/portal/maps/live' : '/v1/portal/maps', {
        query: {
          ...(since ? { timestamp: since } : { start: startDate, end: endDate }),
          filter,
          countries,
        },
        signal,
      }),
    getRouteMachines: (range) =>
      client.request<RouteMachinesReply>('/v1/machines/list', { query: range }),
    getRoute: (machineId, { startDate, endDate }, signal) =>
      client.request<RouteReply>('/v1/portal/maps/routes', {
        query: { machineID: machineId, start: startDate, end: endDate },
        signal,
      }),
    getSites: () => client.request<SitesReply>('/v1/portal/sites'),
    getSite: (id) => client.request<Site>(`/v1/portal/sites/${encodeURIComponent(id)}`),
    createSite: (body) => client.request<Site>('/v1/portal/sites', { method: 'POST', body }),
    updateSite: (id, body) =>
      client.request<Site>(`/v1/portal/sites/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    deleteSite: async (id) => {
      await client.request<unknown>(`/v1/portal/sites/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
    },
    getSitesOverview: (query, signal) =>
      client.request<SitesOverviewReply>('/v1/portal/sites/overview', {
        query: { ...query },
        signal,
      }),
    getSiteTimeline: (id, query) =>
      client.request<SiteTimelineReply>(`/v1/portal/sites/${encodeURIComponent(id)}/timeline`, {
        query: { ...query },
      }),
    getMachineRows: ({ startDate, endDate, filter }, signal) =>
      client.request<MachineListReply>('/v1/portal/machines/list', {
        query: { start: startDate, end: endDate, filter, perPage: 1000 },
        signal,
      }),
    getWorkCycles: (machineId, { startDate, endDate }, signal) =>
      client.request<WorkCyclesReply>(`/v1/portal/maps/cycles/${encodeURIComponent(machineId)}`, {
        query: { start: startDate, end: endDate },
        signal,
      }),
    downloadRouteReport: (query) =>
      client.request<Blob>('/v1/portal/maps/routes/report', {
        query: { ...query },
        responseType: 'blob',
      }),
    shareLatestLocation: (machineId, body) =>
      client.request<ShareLocationReply>(
        `/v1/portal/maps/share/latest_location/${encodeURIComponent(machineId)}`,
        { method: 'POST', body },
      ),
    getSharedLocation: (token) =>
      client.request<SharedLocationReply>(
        `/v1/shared/latest_location/${encodeURIComponent(token)}`,
        { authenticated: false },
      ),
    getMapLayers: () => client.request<MapLayersReply>('/v1/portal/maps/layers'),
    getHeatmap: (kind, { startDate, endDate, machineId, filter }, signal) =>
      client.request<HeatmapReply>(
        kind === 'speed' ? '/v1/portal/maps/speedheatmap' : '/v1/portal/maps/heatmap',
        { query: { start: startDate, end: endDate, machineId, filter }, signal },
      ),
    getDashboard: (query, signal) =>
      client.request<DashboardReply>('/v1/portal/dashboard', {
        query: {
          start: query.startDate,
          end: query.endDate,
          filter: query.filter,
          historyType: query.historyTypes,
          utilisationLimit: query.utilisationLimit,
        },
        signal,
      }),
    getMachine: async (id, range = {}) => {
      const reply = await client.request<MachineDetailsReply>(
        `/v1/portal/machines/${encodeURIComponent(id)}`,
        { query: range },
      );
      const { settings, canEdit, ...row } = reply;
      return { ...toMachine(row), settings, canEdit };
    },
    getMachineHealth: (id) =>
      client.request<MachineHealthReply>(`/v1/portal/machines/${encodeURIComponent(id)}/health`),
    getGroups: () => client.request<GroupsReply>('/v1/portal/groups'),
    createGroup: (name) =>
      client.request<MachineGroup>('/v1/portal/groups', { method: 'POST', body: { name } }),
    setMachineGroup: async (id, groupId) => {
      await client.request(`/v1/portal/machines/${encodeURIComponent(id)}/groups`, {
        method: 'PATCH',
        body: { groupId },
      });
    },
    setLoadCapacity: async (id, capacity) => {
      await client.request(`/v1/portal/machines/${encodeURIComponent(id)}/load_capacity`, {
        method: 'PATCH',
        body: { capacity },
      });
    },
    getFormDropDownValues: () =>
      client.request<FormDropDownValues>(
        '/v1/portal/machines/additional-information/form-drop-down-values',
      ),
    updateAdditionalInformation: (id, changes) =>
      client.request<MachineSettings>(
        `/v1/portal/machines/${encodeURIComponent(id)}/additional-information`,
        { method: 'PATCH', body: changes },
      ),
    correctHourMeter: (id, reading) =>
      client.request<MachineSettings>(`/v1/portal/machines/${encodeURIComponent(id)}/vhm`, {
        method: 'PATCH',
        body: reading,
      }),
    uploadMachineImage: (id, image) => {
      const form = new FormData();
      form.append('image', image, image.name);
      return client.request<{ imageUrl: string | null }>(
        `/v1/machines/${encodeURIComponent(id)}/image`,
        { method: 'POST', body: form },
      );
    },
    getFuel: (id, range) =>
      client.request<FuelReply>(`/v1/portal/fuel/${encodeURIComponent(id)}`, { query: range }),
    getFuelSettings: (id) =>
      client.request<FuelSettings>(`/v1/portal/machines/${encodeURIComponent(id)}/fuel/settings`),
    saveFuelSettings: (id, settings) =>
      client.request<FuelSettings>(`/v1/portal/machines/${encodeURIComponent(id)}/fuel/settings`, {
        method: 'PUT',
        body: settings,
      }),
    resetFuelSettings: (id) =>
      client.request<FuelSettings>(`/v1/portal/machines/${encodeURIComponent(id)}/fuel/settings`, {
        query: { reset: 'true' },
      }),
    getFuelCalibration: (id) =>
      client.request<FuelCalibrationReply>(
        `/v1/portal/machines/${encodeURIComponent(id)}/fuel/calibration`,
      ),
    uploadFuelCalibration: (id, file) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.request<FuelCalibrationReply>(
        `/v1/portal/machines/${encodeURIComponent(id)}/fuel/calibration`,
        { method: 'POST', body: form },
      );
    },
    getCalibrationTemplate: () =>
      client.request<Blob>('/v1/portal/machines/fuel/calibration/template', {
        responseType: 'blob',
      }),
    getUnassignedSource: (code, claimCode) =>
      client.request<UnassignedSource>(
        `/v1/portal/sources/unassigned/${encodeURIComponent(code)}`,
        {
          query: { claimCode },
        },
      ),
    getUnassignedSources: () =>
      client.request<UnassignedSourcesReply>('/v1/portal/sources/unassigned'),
    onboard: (body) =>
      client.request<OnboardReply>('/v1/portal/machines/onboard', { method: 'POST', body }),
    downloadMachineReport: (query) =>
      client.request<Blob>('/v1/portal/machines/report', {
        query: { ...query },
        responseType: 'blob',
      }),
    updateMachine: async (id, changes) =>
      toMachine(
        await client.request<MachineRow>(`/v1/machines/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: changes,
        }),
      ),
    archiveMachine: async (id) =>
      toMachine(
        await client.request<MachineRow>(`/v1/machines/${encodeURIComponent(id)}/archive`, {
          method: 'POST',
          body: {},
        }),
      ),
    unarchiveMachine: async (id) =>
      toMachine(
        await client.request<MachineRow>(`/v1/machines/${encodeURIComponent(id)}/unarchive`, {
          method: 'POST',
        }),
      ),
    getFilters: (query) =>
      client.request<FiltersReply>('/v1/portal/filters', { query: { ...query, page: 'machines' } }),
    getSavedFilters: (label) =>
      client.request<SavedFiltersReply>('/v1/portal/filters/saved', { query: { label } }),
    saveFilter: (label, name, filters) =>
      client.request<{ filterID: string }>('/v1/portal/filters/saved', {
        method: 'POST',
        query: { label, name },
        body: { filters },
      }),
    deleteSavedFilter: async (label, name) => {
      await client.request<unknown>('/v1/portal/filters/saved', {
        method: 'DELETE',
        query: { label, name },
      });
    },
    getMachineActivity: (id, range) =>
      client.request<MachineActivityReply>(`/v1/machines/${encodeURIComponent(id)}/activity`, {
        query: range,
      }),
  } as PortalDataProvider;
}
