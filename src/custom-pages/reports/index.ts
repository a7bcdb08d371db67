// Reports (issue 18): the page that makes a report file, the reports and their schedules, a report
// as a page, and a user's categories; each screen loaded on demand.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const CreateReportFileScreen = lazyScreen<object>(() => import('./CreateReportFile.tsx'));

export const ReportsScreen = lazyScreen<object>(() => import('./ReportsPage.tsx'));
export const ReportPageScreen = lazyScreen<object>(() => import('./ReportPage.tsx'));
export const UserReportCategoriesScreen = lazyScreen<object>(
  () => import('./UserReportCategories.tsx'),
);
