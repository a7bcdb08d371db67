// Who may make a call: each /v1 route declares one of these levels (server/plugins/access.ts
// checks it; the OpenAPI document publishes it as x-access, with its module switch as x-feature).
// The portal reads the same declarations (routeAccess.ts) to offer only the actions that would be
// allowed: one permission source.
import type { FeatureFlag, FeatureGroup } from './session.ts';
import type { Role } from '../constants.ts';
import { ROUTE_ACCESS } from './routeAccess.ts';

/**
 * public: no sign-in (sign-in itself, device webhooks with their own tokens, shared links);
 * read: any signed-in member, viewers included (and their own preferences, such as saved filters);
 * write: changes the organisation's data, so not for viewers; staff: internal users only.
 */
export const ACCESS_LEVELS = ['public', 'read', 'write', 'staff'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  access: Access;
  /** The module or navigation switch the route belongs to: off for the organisation, 403. */
  feature?: FeatureFlag;
}

const ROLES_FOR: Record<Exclude<Access, 'public'>, readonly Role[] | null> = {
  read: null,
  write: ['admin', 'internal'],
  staff: ['internal'],
};

/** Whether a member of `role` passes `access` (the organisation's switches apart). */
export const roleMayCall = (access: Access, role: Role): boolean =>
  access === 'public' || (ROLES_FOR[access]?.includes(role) ?? true);

/** An organisation's module and navigation switches, as its settings hold them. */
export type Switches = Record<FeatureGroup, Readonly<Record<string, boolean>>>;

/** A switch is on unless the organisation turned it off. */
export function featureOn(settings: Switches, flag: FeatureFlag): boolean {
  const [group, key] = flag.split('.') as [FeatureGroup, string];
  return settings[group][key] !== false;
}

/** Whether a member of `role` in an organisation with `settings` may make the call `route`. */
export const mayCall = (route: RouteAccess, role: Role, settings: Switches): boolean =>
  roleMayCall(route.access, role) && (!route.feature || featureOn(settings, route.feature));

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `endpoint` as `endpoints` names it (/v1/portal/sites/:id); a call the server lacks is never. */
export function canCall(role: Role, settings: Switches, method: Method, endpoint: string): boolean {
  const route = ROUTE_ACCESS[`${method} ${endpoint}`];
  return route !== undefined && mayCall(route, role, settings);
}
