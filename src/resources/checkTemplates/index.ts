// Hand-over checklists (issue 44): /check-templates, loaded on demand.
import Checklist from '@mui/icons-material/Checklist';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const checkTemplates = {
  list: lazyScreen(() => import('./TemplateScreens.tsx')),
  create: lazyScreen(() =>
    import('./TemplateScreens.tsx').then((m) => ({ default: m.TemplateCreate })),
  ),
  edit: lazyScreen(() =>
    import('./TemplateScreens.tsx').then((m) => ({ default: m.TemplateEdit })),
  ),
  icon: Checklist,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
