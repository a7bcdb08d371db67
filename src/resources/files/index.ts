// Files (issue 18): the documents and the report files at /files.
import Folder from '@mui/icons-material/Folder';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const FilesScreen = lazyScreen<object>(() => import('./FilesPage.tsx'));

export const files = {
  list: FilesScreen,
  icon: Folder,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
