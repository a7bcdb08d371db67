// The audit module's face: the audit trail: its writer, the request trail and the staff's view. app.ts registers auditModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { auditRoutes } from './routes.ts';

export { actorOf, type AuditAction, auditRequest, recordAudit } from './record.ts';
export { registerRequestTrail } from './requestTrail.ts';
export { auditNaming } from './service.ts';

export const auditModule: PortalModule = { name: 'audit', routes: auditRoutes };
