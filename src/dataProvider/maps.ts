// The maps area: the fleet map and its live changes, routes with their work cycles and report,
// heat maps, the base layers, and sharing a machine's place.
import type { ApiClient } from '../api/apiClient.ts';
import type { HeatmapKind, HeatmapReply } from '../domain/api/heatmap.ts';
import type { MapLayersReply } from '../domain/api/mapLayers.ts';
import type { MapsReply } from '../domain/api/maps.ts';
import type { RouteMachinesReply, RouteReply } from '../domain/api/mapRoutes.ts';
import type { RouteReportQuery } from '../domain/api/routeReport.ts';
import type {
  ShareLocationBody,
  ShareLocationReply,
  SharedLocationReply,
} from '../domain/api/share.ts';
import type { WorkCyclesReply } from '../domain/api/workCycles.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

type Range = { startDate: string; endDate: string };

export const mapKeys = {
  layers: ['mapLayers'],
  routeMachines: (range: Range) => ['route-machines', range.startDate, range.endDate],
  /** Every route: what a change of the organisation's route rules invalidates. */
  routes: ['route'],
  route: (machineId: string | null, range: Range) => [
    'route',
    machineId,
    range.startDate,
    range.endDate,
  ],
  workCycles: (machineId: string, range: Range) => [
    'work-cycles',
    machineId,
    range.startDate,
    range.endDate,
  ],
  heatmap: (kind: HeatmapKind, range: Range, machineId: string | null, filter?: string) => [
    'heatmap',
    kind,
    range.startDate,
    range.endDate,
    machineId,
    filter,
  ],
};

export function mapCalls(client: ApiClient) {
  return {
    /** The fleet map, or with `since` (a previous answer's timestamp) what changed after it. */
    getFleetMap: (
      query: {
        startDate?: string;
        endDate?: string;
        filter?: string;
        countries?: string;
        since?: string;
      },
      signal?: AbortSignal,
    ) =>
      client.request<MapsReply>(
        query.since ? endpoints.portal.maps.live : endpoints.portal.maps.root,
        {
          query: {
            ...(query.since
              ? { timestamp: query.since }
              : { start: query.startDate, end: query.endDate }),
            filter: query.filter,
            countries: query.countries,
          },
          signal,
        },
      ),
    getRouteMachines: (range: Range) =>
      client.request<RouteMachinesReply>(endpoints.machines.list, { query: range }),
    getRoute: (machineId: string, { startDate, endDate }: Range, signal?: AbortSignal) =>
      client.request<RouteReply>(endpoints.portal.maps.routes, {
        query: { machineID: machineId, start: startDate, end: endDate },
        signal,
      }),
    getWorkCycles: (machineId: string, { startDate, endDate }: Range, signal?: AbortSignal) =>
      client.request<WorkCyclesReply>(pathTo(endpoints.portal.maps.cyclesItem, { id: machineId }), {
        query: { start: startDate, end: endDate },
        signal,
      }),
    downloadRouteReport: (query: RouteReportQuery) =>
      client.request<Blob>(endpoints.portal.maps.routesReport, {
        query: { ...query },
        responseType: 'blob',
      }),
    getHeatmap: (
      kind: HeatmapKind,
      query: Range & { machineId?: string; filter?: string },
      signal?: AbortSignal,
    ) =>
      client.request<HeatmapReply>(
        kind === 'speed' ? endpoints.portal.maps.speedheatmap : endpoints.portal.maps.heatmap,
        {
          query: {
            start: query.startDate,
            end: query.endDate,
            machineId: query.machineId,
            filter: query.filter,
          },
          signal,
        },
      ),
    /** The configured base maps (tile servers). */
    getMapLayers: () => client.request<MapLayersReply>(endpoints.portal.maps.layers),
    shareLatestLocation: (machineId: string, body: ShareLocationBody) =>
      client.request<ShareLocationReply>(
        pathTo(endpoints.portal.maps.shareLatestLocationItem, { id: machineId }),
        { method: 'POST', body },
      ),
    /** The read-only page of a shared location: no session needed. */
    getSharedLocation: (token: string) =>
      client.request<SharedLocationReply>(pathTo(endpoints.shared.latestLocationItem, { token }), {
        authenticated: false,
      }),
  };
}
