// One permission source: the portal's resource actions name calls the server declares, and each
// role is offered what its routes allow.
import { describe, expect, it } from 'vitest';
import { RESOURCE_CALLS } from '../../src/authProvider/resourceCalls.ts';
import { canCall, type Switches } from '../../src/domain/api/access.ts';
import { ROUTE_ACCESS } from '../../src/domain/api/routeAccess.ts';
import { endpoints } from '../../src/domain/api/endpoints.ts';

const allOn: Switches = { navigation: {}, modules: {}, features: {} };

describe('the permission source', () => {
  it('names only calls the server has', () => {
    const named = Object.values(RESOURCE_CALLS).flatMap((actions) =>
      Object.values(actions).flatMap((calls) => calls.map(([method, path]) => `${method} ${path}`)),
    );
    expect(named.filter((call) => !(call in ROUTE_ACCESS))).toEqual([]);
  });

  it('offers writes to admins and staff, never to viewers, and nothing the server lacks', () => {
    const item = endpoints.portal.sites.item;
    expect(canCall('viewer', allOn, 'GET', item)).toBe(true);
    expect(canCall('viewer', allOn, 'PUT', item)).toBe(false);
    expect(canCall('admin', allOn, 'PUT', item)).toBe(true);
    expect(canCall('internal', allOn, 'DELETE', endpoints.portal.gateways.item)).toBe(false);
    expect(canCall('admin', allOn, 'GET', endpoints.admin.outbox.root)).toBe(false);
  });

  it('offers nothing of a module the organisation switched off', () => {
    const noSites: Switches = { ...allOn, navigation: { sites: false } };
    expect(canCall('admin', noSites, 'POST', endpoints.portal.sites.root)).toBe(false);
  });
});
