// The brand module's face: what other modules and the app may use of it.
export { mailBrandOf } from './mailBrand.ts';
export { brandRoutes, registerPublicBrand } from './routes.ts';
export { brandLogo, getBrandConfiguration } from './service.ts';
