// The admin area's screens (spec point 2, "Admin"), in the order its navigation shows them.
import { links, PATHS } from '../../domain/paths.ts';

export const ADMIN_SCREENS = [
  { key: 'home', path: PATHS.admin },
  { key: 'teltonika', path: PATHS.adminTeltonika },
  { key: 'arya', path: PATHS.adminArya },
  { key: 'android', path: PATHS.adminAndroid },
  { key: 'completeness', path: PATHS.adminCompleteness },
  { key: 'coverage', path: PATHS.adminCoverage },
  { key: 'feeds', path: PATHS.adminOemFeeds },
  { key: 'outbox', path: PATHS.adminOutbox },
  { key: 'audit', path: PATHS.adminAudit },
  { key: 'gateways', path: PATHS.adminGateways },
] as const;

export { links };
