// The calls behind each resource's write actions, so that react-admin's access control
// (authProvider.canAccess, which its Create, Edit and Delete buttons and its edit pages ask)
// offers an action only when its call would be allowed. An empty list: the API offers no such
// call to anyone. An action left out is the screen's to decide (a page that opens read-only).
import { endpoints } from '../domain/api/endpoints.ts';
import type { Method } from '../domain/api/access.ts';

type Call = readonly [Method, string];
type WriteAction = 'create' | 'edit' | 'delete';

const crud = (root: string, item: string): Record<WriteAction, Call[]> => ({
  create: [['POST', root]],
  edit: [['PUT', item]],
  delete: [['DELETE', item]],
});

const { portal, admin, users } = endpoints;

export const RESOURCE_CALLS: Readonly<Record<string, Partial<Record<WriteAction, Call[]>>>> = {
  sites: crud(portal.sites.root, portal.sites.item),
  groups: crud(portal.groups.root, portal.groups.item),
  hires: {
    create: [['POST', portal.hires.root]],
    edit: [['PATCH', portal.hires.item]],
    delete: [['DELETE', portal.hires.item]],
  },
  'admin/shifts': crud(portal.shifts.root, portal.shifts.item),
  'admin/sso-providers': crud(admin.ssoProviders.root, admin.ssoProviders.item),
  // Gateways are registered and changed, never deleted from the portal.
  gateways: { create: [], edit: [['PUT', portal.gateways.item]], delete: [] },
  'admin/gateways': {
    create: [['POST', admin.gateways.root]],
    edit: [['PUT', admin.gateways.item]],
    delete: [],
  },
  // Sensors change through their own calls (service, attachment), not a form.
  sensors: { create: [], edit: [], delete: [] },
  'equipment/assets': {
    create: [['POST', portal.assets.root]],
    edit: [['PUT', portal.assets.item]],
    delete: [],
  },
  files: {
    create: [['POST', portal.files.root]],
    edit: [],
    delete: [['DELETE', portal.files.item]],
  },
  // A person's page opens read-only for viewers (its form says so): edit is the form's to decide.
  users: { create: [], delete: [['POST', users.delete]] },
  'portal/users': { create: [['POST', portal.users.root]], delete: [['POST', users.delete]] },
  'admin/orgs/settings': {
    create: [],
    edit: [['PUT', admin.organisations.settings]],
    delete: [],
  },
};

export const isWriteAction = (action: string): action is WriteAction =>
  action === 'create' || action === 'edit' || action === 'delete';
