// The brand module's face: the organisation's logo, colours and mail look. app.ts registers brandModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { brandRoutes, registerPublicBrand } from './routes.ts';

export { mailBrandOf } from './mailBrand.ts';
export { brandLogo, getBrandConfiguration } from './service.ts';

export const brandModule: PortalModule = {
  name: 'brand',
  open: registerPublicBrand,
  routes: brandRoutes,
};
