// Routes and trips, and work cycles: the route report's tables (maps/routeReport.ts) over the
// selection, each machine's route worked out as the routes screen does.
import type { RouteReportType } from '../../../../src/domain/api/routeReport.ts';
import { localTimeIn, routesOfMachines, routeTables } from '../../maps/index.ts';
import { rangeLine, selectionOf, type ReportBuilder } from '../context.ts';

const routeBuilder =
  (title: string, tables: RouteReportType[]): ReportBuilder =>
  async ({ db, organisation, request, progress }) => {
    const machines = await routesOfMachines(db, organisation, selectionOf(request), { progress });
    const all = routeTables(machines, new Set(), localTimeIn(organisation));
    return {
      title,
      subtitle: [organisation.name, rangeLine(request), `${machines.length} machines`],
      sections: tables.map((table) => all[table]()),
    };
  };

export const routes = routeBuilder('Routes and trips', ['SUMMARY_ROUTE', 'DETAIL_ROUTE']);
export const workCycles = routeBuilder('Work cycles', ['WORK_CYCLES_KPI', 'WORK_CYCLES_ROUTES']);
