// Every module of the portal, each by its face, in the order app.ts registers them.
import { accountsModule } from './modules/accounts/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { alertsModule } from './modules/alerts/index.ts';
import { assetsModule } from './modules/assets/index.ts';
import { auditModule } from './modules/audit/index.ts';
import { authModule } from './modules/auth/index.ts';
import { brandModule } from './modules/brand/index.ts';
import { checksModule } from './modules/checks/index.ts';
import { clientErrorsModule } from './modules/clientErrors/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { filesModule } from './modules/files/index.ts';
import { filtersModule } from './modules/filters/index.ts';
import { gatewaysModule } from './modules/gateways/index.ts';
import { healthModule } from './modules/health/index.ts';
import { hiresModule } from './modules/hires/index.ts';
import { ingestModule } from './modules/ingest/index.ts';
import { integrationsModule } from './modules/integrations/index.ts';
import { machinesModule } from './modules/machines/index.ts';
import { mailModule } from './modules/mail/index.ts';
import { maintenanceModule } from './modules/maintenance/index.ts';
import { apiClientsModule } from './modules/apiClients/index.ts';
import { isoModule } from './modules/iso/index.ts';
import { mapsModule } from './modules/maps/index.ts';
import { metersModule } from './modules/meters/index.ts';
import { metricsModule } from './modules/metrics/index.ts';
import { oemFeedsModule } from './modules/oemFeeds/index.ts';
import { orgsModule } from './modules/orgs/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { privacyModule } from './modules/privacy/index.ts';
import { secondFactorModule } from './modules/secondFactor/index.ts';
import { sensorsModule } from './modules/sensors/index.ts';
import { shiftsModule } from './modules/shifts/index.ts';
import { sitesModule } from './modules/sites/index.ts';
import { ssoModule } from './modules/sso/index.ts';
import { usersModule } from './modules/users/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';
import type { PortalModule } from './context.ts';

export { deviceWebhooks } from './modules/ingest/index.ts';

export const MODULES: readonly PortalModule[] = [
  healthModule,
  metricsModule,
  alertsModule,
  clientErrorsModule,
  authModule,
  accountsModule,
  secondFactorModule,
  ssoModule,
  integrationsModule,
  usersModule,
  orgsModule,
  brandModule,
  machinesModule,
  filtersModule,
  dashboardModule,
  sitesModule,
  mapsModule,
  mailModule,
  shiftsModule,
  gatewaysModule,
  sensorsModule,
  assetsModule,
  hiresModule,
  checksModule,
  metersModule,
  maintenanceModule,
  reportsModule,
  filesModule,
  auditModule,
  adminModule,
  ingestModule,
  oemFeedsModule,
  apiClientsModule,
  isoModule,
  webhooksModule,
  privacyModule,
];
