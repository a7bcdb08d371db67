// One report request made into a file: the type's builder gathers the figures, then they are
// written as CSV or XLSX, or as a PDF in the organisation's brand. Used by report files a person asks
// for, by scheduled reports and, as data, by the report page.
import type { ReadModel } from '../../readModel/readModel.ts';
import {
  MAX_REPORT_DAYS,
  type ReportRequest,
  type ReportType,
} from '../../../src/domain/api/reports.ts';
import { MAX_ROUTE_DAYS } from '../../../src/domain/api/mapRoutes.ts';
import { addDays } from '../../../src/domain/zonedTime.ts';
import { badRequest } from '../../httpError.ts';
import { brandLogo, getBrandConfiguration } from '../brand/index.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { roundingMinutesOf, type ReportBuilder } from './context.ts';
import { documentCsv } from '../../documents/csv.ts';
import { documentXlsx } from '../../documents/xlsx.ts';
import { CONTENT_TYPES } from '../../documents/contentTypes.ts';
import type { ReportDocument } from '../../documents/document.ts';
import { renderPdf } from '../../documents/pdf.ts';
import { generatedLine } from '../../documents/localCells.ts';
import { deviceHealth } from './types/deviceHealth.ts';
import { fleetUtilisation } from './types/fleetUtilisation.ts';
import { fuelCo2 } from './types/fuelCo2.ts';
import { hireUsage } from './types/hireUsage.ts';
import { idle } from './types/idle.ts';
import { outOfHours } from './types/outOfHours.ts';
import { overUse } from './types/overUse.ts';
import { serviceDue, serviceHistoryReport } from './types/maintenance.ts';
import { routes, workCycles } from './types/routes.ts';
import { siteActivity } from './types/siteActivity.ts';

const BUILDERS: Record<ReportType, ReportBuilder> = {
  'fleet-utilisation': fleetUtilisation,
  'out-of-hours': outOfHours,
  'fuel-co2': fuelCo2,
  idle,
  'site-activity': siteActivity,
  routes,
  'work-cycles': workCycles,
  'device-health': deviceHealth,
  'hire-usage': hireUsage,
  'over-use': overUse,
  'service-due': serviceDue,
  'service-history': serviceHistoryReport,
};

/** Routes are worked out from positions per machine: their reports cover a month at most. */
const maxDaysOf = (type: ReportType) =>
  type === 'routes' || type === 'work-cycles' ? MAX_ROUTE_DAYS : MAX_REPORT_DAYS;

/** A 400 naming the field when the range cannot be made into a report. */
export function checkReportRange({
  type,
  start,
  end,
}: Pick<ReportRequest, 'type' | 'start' | 'end'>) {
  if (end < start) throw badRequest('end', 'end must not be before start');
  const days = maxDaysOf(type);
  if (addDays(start, days - 1) < end) {
    throw badRequest('end', `a ${type} report covers at most ${days} days`);
  }
}

export type Progress = (done: number, total: number) => Promise<void>;

export async function buildReport(
  readModel: ReadModel,
  organisation: Organisation,
  request: ReportRequest,
  progress: Progress = async () => undefined,
): Promise<ReportDocument> {
  checkReportRange(request);
  const { db } = readModel;
  return BUILDERS[request.type]({
    db,
    readModel,
    organisation,
    request,
    roundingMinutes: await roundingMinutesOf(db, organisation.id),
    progress,
  });
}

export interface MadeReport {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  document: ReportDocument;
}

export async function makeReport(
  readModel: ReadModel,
  files: FileStorage,
  organisation: Organisation,
  request: ReportRequest,
  progress?: Progress,
  /** The reader's language, for the PDF's figures and days. */
  language = 'en',
): Promise<MadeReport> {
  const document = await buildReport(readModel, organisation, request, progress);
  const fileName = `${request.type}-${request.start}-${request.end}.${request.format}`;
  if (request.format === 'csv') {
    return {
      bytes: Buffer.from(documentCsv(document), 'utf8'),
      fileName,
      contentType: CONTENT_TYPES.csv,
      document,
    };
  }
  if (request.format === 'xlsx') {
    return {
      bytes: await documentXlsx(document, organisation.name),
      fileName,
      contentType: CONTENT_TYPES.xlsx,
      document,
    };
  }
  const { db } = readModel;
  const bytes = await renderPdf({
    ...document,
    brand: await getBrandConfiguration(db, organisation.id),
    logo: await brandLogo(db, files, organisation.id),
    generatedAt: generatedLine(new Date(), language),
    language,
  });
  return { bytes, fileName, contentType: CONTENT_TYPES.pdf, document };
}
