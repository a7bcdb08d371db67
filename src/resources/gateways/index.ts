// The gateway resources: the organisation's ('gateways': /gateways, /gateways/{id},
// /gateways/{id}/edit) and staff's ('admin/gateways': /admin/gateways, /admin/gateways/register,
// /admin/gateways/{id}/edit, /admin/gateways/{id}/configure). The details and forms are routes
// below the resource (App.tsx), at the spec's paths rather than react-admin's own.
import Router from '@mui/icons-material/Router';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const gateways = {
  list: lazyScreen(() => import('./GatewayScreens.tsx').then((m) => ({ default: m.GatewayList }))),
  icon: Router,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;

export const GatewayShowScreen = lazyScreen<object>(() =>
  import('./GatewayScreens.tsx').then((m) => ({ default: m.GatewayShow })),
);
export const GatewayEditScreen = lazyScreen<object>(() =>
  import('./GatewayScreens.tsx').then((m) => ({ default: m.GatewayEdit })),
);

export const adminGateways = {
  list: lazyScreen(() =>
    import('./AdminGatewayScreens.tsx').then((m) => ({ default: m.AdminGatewayList })),
  ),
  icon: Router,
  recordRepresentation: 'eui',
} satisfies Omit<ResourceProps, 'name'>;

export const GatewayRegisterScreen = lazyScreen<object>(() =>
  import('./AdminGatewayScreens.tsx').then((m) => ({ default: m.GatewayRegister })),
);
export const AdminGatewayEditScreen = lazyScreen<object>(() =>
  import('./AdminGatewayScreens.tsx').then((m) => ({ default: m.AdminGatewayEdit })),
);
export const GatewayConfigureScreen = lazyScreen<object>(() =>
  import('./AdminGatewayScreens.tsx').then((m) => ({ default: m.GatewayConfigure })),
);
