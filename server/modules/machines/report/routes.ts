// GET /v1/portal/machines/report: the list's machines (or their days) for a range and selection, as
// CSV or PDF. The figures are the list's own, so a download agrees with the screen.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MachineReportQuery,
  reportMetrics,
  type ReportFormat,
} from '../../../../src/domain/api/machineReport.ts';
import {
  decodeFilter,
  encodeFilter,
  FilterQueryError,
} from '../../../../src/domain/filterQuery.ts';
import { nextDate, startOfZonedDay } from '../../../../src/domain/zonedTime.ts';
import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { badRequest } from '../../../httpError.ts';
import { brandLogo, getBrandConfiguration } from '../../brand/index.ts';
import { type Organisation } from '../../../tenancy/organisation.ts';
import { listMachines } from '../list.ts';
import {
  MACHINE_ROWS,
  selectMachines,
  VISIBLE_DAY,
  type MachineSelection,
} from '../../../readModel/selection.ts';
import { toCsv } from '../../../documents/csv.ts';
import { documentXlsx } from '../../../documents/xlsx.ts';
import { generatedLine } from '../../../documents/localCells.ts';
import { acceptedLanguage, userLanguage } from '../../accounts/index.ts';
import { CONTENT_TYPES } from '../../../documents/contentTypes.ts';
import { section } from '../../../documents/document.ts';
import { renderPdf } from '../../../documents/pdf.ts';
import type { ReportTable } from '../../../documents/table.ts';
import { DAY_COLUMNS, summaryColumns, type MachineDay } from './columns.ts';
import { endpoints } from '../../../../src/domain/api/endpoints.ts';

/** Beyond these a report is refused with advice to narrow it: a PDF is read, not searched. */
export const MAX_REPORT_ROWS: Record<ReportFormat, number> = {
  csv: 200_000,
  // Excel's sheet holds 1,048,576 rows; a workbook is built in memory, so fewer.
  xlsx: 100_000,
  pdf: 5_000,
};

/** Each selected machine's days in the range; a customer's only within its hires. */
async function machineDays(
  db: Queryable,
  organisation: Organisation,
  selection: MachineSelection,
  limit: number,
): Promise<MachineDay[]> {
  const { params, param, where, fromDay, toDay } = selectMachines(organisation, selection);
  const from = param(fromDay);
  const to = param(toDay);
  // A customer's day that its hire starts or ends during is the hire's part of it.
  const value = (column: string) =>
    `CASE WHEN cut.id IS NULL THEN d.${column} ELSE coalesce(p.${column}, 0) END`;
  return db.query<MachineDay>(
    `${MACHINE_ROWS}
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, r.name, r."assetID" AS "assetId",
            ${value('active_s')} AS "activeS", ${value('idle_s')} AS "idleS", ${value('off_s')} AS "offS",
            ${value('missing_s')} AS "missingS", ${value('brokendown_s')} AS "brokendownS",
            ${value('out_of_hours_s')} AS "outOfHoursS", ${value('fuel_l')} AS "fuelL",
            ${value('co2_kg')} AS "co2Kg", ${value('distance_m')} AS "distanceM",
            ${value('refills')} AS refills, ${value('thefts')} AS thefts
       FROM (SELECT * FROM rows ${where}) r
       JOIN machine m ON m.id = r.id
       JOIN organisation mo ON mo.id = m.organisation_id
       JOIN machine_day_rollup d ON d.machine_id = r.id
       LEFT JOIN LATERAL (
         SELECT h.id FROM hire h
          WHERE m.organisation_id <> $1 AND h.machine_id = m.id AND h.customer_organisation_id = $1
            AND ((h.starts_at > d.day::timestamp AT TIME ZONE mo.timezone
                  AND h.starts_at < (d.day + 1)::timestamp AT TIME ZONE mo.timezone)
              OR (h.ends_at > d.day::timestamp AT TIME ZONE mo.timezone
                  AND h.ends_at < (d.day + 1)::timestamp AT TIME ZONE mo.timezone))
          LIMIT 1
       ) cut ON true
       LEFT JOIN machine_hire_day_rollup p ON p.hire_id = cut.id AND p.day = d.day
      WHERE (${from}::date IS NULL OR d.day >= ${from}::date) AND (${to}::date IS NULL OR d.day <= ${to}::date)
        AND ${VISIBLE_DAY}
      ORDER BY d.day, lower(r.name), r.id
      LIMIT ${limit + 1}`,
    params,
  );
}

export const machineReportRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, files, readModel },
) => {
  app.get(
    endpoints.portal.machines.report,
    // Reports may take up to the spec's 180 s; the rest of the API answers within 60 s.
    {
      config: { access: 'read', expensive: true },
      schema: { tags: ['machines'], querystring: MachineReportQuery },
    },
    async (request, reply) => {
      const { organisation } = request;
      const query = request.query;
      const format = query.format ?? 'csv';
      const type = query.type ?? 'summary';
      const { metrics, hourMeter, unknown } = reportMetrics(query.options);
      if (unknown.length > 0) throw badRequest('options', `unknown options: ${unknown.join(', ')}`);

      let filter = query.filter;
      if (query.site) {
        try {
          filter = encodeFilter({ ...decodeFilter(filter ?? ''), site: [query.site] });
        } catch (error) {
          if (error instanceof FilterQueryError) throw badRequest('filter', error.message);
          throw error;
        }
      }
      if (query.expiry_start && query.expiry_end && query.expiry_end < query.expiry_start) {
        throw badRequest('expiry_end', 'expiry_end must not be before expiry_start');
      }
      const selection: MachineSelection = {
        start: query.start,
        end: query.end,
        show: query.show,
        filter,
        q: query.q,
        ...(query.expiry_start
          ? { hireEndsFrom: startOfZonedDay(query.expiry_start, organisation.timezone) }
          : {}),
        ...(query.expiry_end
          ? { hireEndsTo: startOfZonedDay(nextDate(query.expiry_end), organisation.timezone) }
          : {}),
      };
      const limit = MAX_REPORT_ROWS[format];

      const range = `${query.start ?? 'today'} to ${query.end ?? 'today'}`.replaceAll(
        'max',
        'all data',
      );
      const fileName = `machines-${type}-${query.start ?? 'today'}-${query.end ?? 'today'}.${format}`;
      const send = async <Row>(table: ReportTable<Row>, title: string, counted: string) => {
        reply.header(
          'content-disposition',
          `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
        );
        if (format === 'csv') return reply.type(CONTENT_TYPES.csv).send(toCsv(table));
        const document = {
          title,
          subtitle: [organisation.name, range, `${table.rows.length} ${counted}`],
          sections: [
            section(title, table.columns, table.rows, {
              empty: 'No machines match this selection.',
            }),
          ],
        };
        if (format === 'xlsx') {
          return reply
            .type(CONTENT_TYPES.xlsx)
            .send(await documentXlsx(document, organisation.name));
        }
        // The reader's own language for the PDF's figures, else their browser's.
        const language =
          (await userLanguage(db, request.auth.sub)) ??
          acceptedLanguage(request.headers['accept-language']) ??
          'en';
        const pdf = await renderPdf({
          ...document,
          brand: await getBrandConfiguration(db, organisation.id),
          logo: await brandLogo(db, files, organisation.id),
          generatedAt: generatedLine(new Date(), language),
          language,
        });
        return reply.type(CONTENT_TYPES.pdf).send(pdf);
      };

      if (type === 'daily') {
        const days = await machineDays(db, organisation, selection, limit);
        if (days.length > limit) {
          throw badRequest('end', `More than ${limit} rows: narrow the range or the filters`);
        }
        return send(
          { columns: DAY_COLUMNS, rows: days },
          'Machine activity by day',
          'machine days',
        );
      }
      const { machines } = await listMachines(readModel, organisation, {
        ...selection,
        sort: query.sort,
        order: query.order,
      });
      if (machines.length > limit) {
        throw badRequest('filter', `More than ${limit} machines: narrow the filters`);
      }
      const columns = summaryColumns(metrics, hourMeter, organisation.timezone);
      return send({ columns, rows: machines }, 'Machine report', 'machines');
    },
  );
};
