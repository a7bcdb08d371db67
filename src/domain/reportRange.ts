// The days a scheduled report covers (spec point 3's date ranges), from the day it is about: the
// local day of its run (for a report after a shift, the shift's day). Weeks start on Monday.
import type { ReportDateRange } from './api/reports.ts';
import { addDays, mondayOf } from './zonedTime.ts';

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

export function reportRange(range: ReportDateRange, day: string): { start: string; end: string } {
  switch (range) {
    case 'today':
      return { start: day, end: day };
    case 'yesterday': {
      const yesterday = addDays(day, -1);
      return { start: yesterday, end: yesterday };
    }
    case 'start_of_week':
      return { start: mondayOf(day), end: day };
    case 'last_week': {
      const monday = mondayOf(day);
      return { start: addDays(monday, -7), end: addDays(monday, -1) };
    }
    case 'start_of_month':
      return { start: firstOfMonth(day), end: day };
    case 'last_month': {
      const end = addDays(firstOfMonth(day), -1);
      return { start: firstOfMonth(end), end };
    }
  }
}
