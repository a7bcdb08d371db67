// Files and reports (issue 18): the documents and the report files at /files, the page that makes
// a report file, the reports and their schedules, a report as a page, and a user's categories.
import Folder from '@mui/icons-material/Folder';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const FilesScreen = lazyScreen<object>(() => import('./FilesPage.tsx'));

export const files = {
  list: FilesScreen,
  icon: Folder,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;

export const CreateReportFileScreen = lazyScreen<object>(
  () => import('../../custom-pages/reports/CreateReportFile.tsx'),
);

export const ReportsScreen = lazyScreen<object>(
  () => import('../../custom-pages/reports/ReportsPage.tsx'),
);
export const ReportPageScreen = lazyScreen<object>(
  () => import('../../custom-pages/reports/ReportPage.tsx'),
);
export const UserReportCategoriesScreen = lazyScreen<object>(
  () => import('../../custom-pages/reports/UserReportCategories.tsx'),
);
