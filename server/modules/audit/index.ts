// The audit module's face: what other modules and the app may use of it.
export { type AuditAction, auditRequest, recordAudit } from './record.ts';
export { registerRequestTrail } from './requestTrail.ts';
export { auditRoutes } from './routes.ts';
export { auditNaming } from './service.ts';
