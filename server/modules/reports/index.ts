// The reports module's face: what other modules and the app may use of it.
export { makeReport, type Progress } from './build.ts';
export { rangeText, REPORT_MAIL_WORDS } from './mailWords.ts';
export { reportRoutes } from './routes.ts';
export { createSchedule, nextSlotOf, type ScheduleRow, slotRuleOf } from './schedules.ts';
export { signReportFileLink } from './signedLinks.ts';
export { reportDayOf } from './slots.ts';
