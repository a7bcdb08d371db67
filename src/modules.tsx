// The portal's areas, each declared once: its react-admin resources, its pages (path, screen, the
// switch that must be on, staff only, outside the layout) and its menu entries. App.tsx builds
// the routes from this list and PortalMenu the menu, in this order; the gates follow from it.
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import Dashboard from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
import Whatshot from '@mui/icons-material/Whatshot';
import Place from '@mui/icons-material/Place';
import RouteIcon from '@mui/icons-material/Route';
import CorporateFare from '@mui/icons-material/CorporateFare';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import RvHookup from '@mui/icons-material/RvHookup';
import Assessment from '@mui/icons-material/Assessment';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import type { FeatureFlag } from './domain/api/session.ts';
import { links, PATHS, RESOURCE_ROUTES } from './domain/paths.ts';
import { LOGOUT_PATH, LogoutPage } from './custom-pages/logout/LogoutPage.tsx';
import { NOT_FOUND_PATH, NotFoundPage } from './custom-pages/not-found/NotFoundPage.tsx';
import * as dashboard from './custom-pages/dashboard/index.ts';
import * as fleetMap from './custom-pages/fleet-map/index.ts';
import * as heatmap from './custom-pages/heatmap/index.ts';
import * as routes from './custom-pages/routes/index.ts';
import * as account from './custom-pages/account/index.ts';
import * as brand from './custom-pages/brand/index.ts';
import { IntegrationsScreen } from './custom-pages/integrations/index.ts';
import { PrivacyScreen } from './custom-pages/privacy/index.ts';
import { QrScreen } from './custom-pages/qr/index.ts';
import { lazyScreen } from './lazy/lazyScreen.tsx';
import * as userSettings from './custom-pages/user-settings/index.ts';
import * as admin from './custom-pages/admin/index.ts';
import { adminAudit, organisationAudit } from './custom-pages/audit/index.ts';
import {
  CreateReportFileScreen,
  ReportPageScreen,
  ReportsScreen,
  UserReportCategoriesScreen,
} from './custom-pages/reports/index.ts';
import {
  ActivityTimelineScreen,
  GeofencesScreen,
  SiteFormScreen,
  SiteOverviewScreen,
  SitesOverviewScreen,
  SitesPortalScreen,
  sites,
} from './resources/sites/index.ts';
import { groups } from './resources/groups/index.ts';
import { hires } from './resources/hires/index.ts';
import { checkTemplates } from './resources/checkTemplates/index.ts';
import { maintenance, servicePlans } from './resources/maintenance/index.ts';
import { alerts } from './resources/alerts/index.ts';
import { MultipleInviteScreen, portalUsers, users } from './resources/users/index.ts';
import { ssoProviders } from './resources/ssoProviders/index.ts';
import { shifts } from './resources/shifts/index.ts';
import { organisationSettings } from './resources/orgs/index.ts';
import {
  AdminGatewayEditScreen,
  adminGateways,
  GatewayConfigureScreen,
  GatewayEditScreen,
  GatewayRegisterScreen,
  gateways,
  GatewayShowScreen,
} from './resources/gateways/index.ts';
import { SensorDashboardScreen, sensors, SensorServiceScreen } from './resources/sensors/index.ts';
import {
  AssetDetailsScreen,
  AssetLabelScreen,
  AssetListScreen,
  AssetOnboardScreen,
  equipmentAssets,
  EquipmentOverviewScreen,
} from './resources/equipment/index.ts';
import { files } from './resources/files/index.ts';
import {
  MachineDetailsScreen,
  MachineOnboardScreen,
  machines,
} from './resources/machines/index.ts';

/** The organisation's tabs: its own chunk, so sign-in does not load MUI's tabs. */
const OrganisationArea = lazyScreen(
  () => import('./custom-pages/organisation/OrganisationArea.tsx'),
);

/** Who sees a menu entry, beyond its switch: the server refuses the rest anyway (403). */
export type Audience = 'everyone' | 'writers' | 'customerManagers' | 'rentalCompanies' | 'staff';

export interface PortalPage {
  path: string;
  /** The screen; none for a spec path that only leads to the list's own (`alias`, query kept). */
  screen?: ComponentType;
  alias?: (query: URLSearchParams) => string;
  /** Outside the portal's layout and without a session: sign-in's neighbours. */
  bare?: boolean;
  /** The module or navigation switch that must be on (else a page saying it is off). */
  feature?: FeatureFlag;
  staff?: boolean;
  /** Shown inside this resource's context (a resource's list in another area). */
  resource?: string;
  /** Pages inside this one's outlet; the first is where the page itself leads. */
  nested?: PortalPage[];
}

export interface PortalResource {
  name: string;
  /** Where react-admin lands after sign-in: its first resource's list. One resource says so. */
  landing?: boolean;
  props?: Omit<ResourceProps, 'name'>;
  /** Pages under the resource's own path. */
  pages?: { path: string; screen: ComponentType }[];
  /** Its screens tell anyone but staff that the area is theirs, rather than fail call by call. */
  staff?: boolean;
}

/** A resource's own entry (its label and icon), or a page's by `to`, `label` and `icon`. */
export type MenuEntry = (
  { resource: string } | { to: () => string; label: string; icon: ComponentType }
) & { feature?: FeatureFlag; audience?: Audience };

export interface PortalArea {
  name: string;
  resources?: PortalResource[];
  pages?: PortalPage[];
  menu?: MenuEntry[];
}

const sitesPage = (path: string, screen: ComponentType): PortalPage => ({
  path,
  screen,
  feature: 'navigation.sites',
});

export const AREAS: readonly PortalArea[] = [
  {
    name: 'dashboard',
    pages: [{ path: dashboard.path, screen: dashboard.DashboardScreen }],
    menu: [{ to: links.dashboard, label: 'app.dashboard.title', icon: Dashboard }],
  },
  {
    name: 'maps',
    pages: [
      { path: fleetMap.path, screen: fleetMap.FleetMapScreen },
      { path: heatmap.path, screen: heatmap.HeatmapScreen },
      { path: routes.path, screen: routes.RoutesScreen, feature: 'navigation.routes' },
      { path: PATHS.geofences, screen: GeofencesScreen, feature: 'modules.geofences' },
    ],
    menu: [
      { to: links.map, label: 'app.map.title', icon: MapIcon },
      { to: links.heatmap, label: 'app.heatmap.title', icon: Whatshot },
      {
        to: links.routes,
        label: 'app.routes.title',
        icon: RouteIcon,
        feature: 'navigation.routes',
      },
    ],
  },
  {
    name: 'sites',
    resources: [{ name: 'sites', props: sites }],
    pages: [
      sitesPage(PATHS.sitesPortal, SitesPortalScreen),
      sitesPage(PATHS.siteForm, SiteFormScreen),
      sitesPage(PATHS.sitesOverview, SitesOverviewScreen),
      sitesPage(PATHS.siteOverview, SiteOverviewScreen),
      sitesPage(PATHS.activityTimeline, ActivityTimelineScreen),
    ],
    // The sites resource is reached by the spec's path, not react-admin's /sites.
    menu: [
      {
        to: links.sitesPortal,
        label: 'app.sites.title',
        icon: Place,
        feature: 'navigation.sites',
      },
    ],
  },
  {
    name: 'machines',
    resources: [
      { name: 'machines', props: machines, landing: true },
      { name: 'groups', props: groups },
      { name: 'admin/shifts', props: shifts },
    ],
    pages: [
      { path: PATHS.machineList, alias: links.machines },
      { path: PATHS.machineOnboard, screen: MachineOnboardScreen },
      { path: PATHS.machine, screen: MachineDetailsScreen },
    ],
    menu: [
      { resource: 'machines' },
      { resource: 'groups' },
      { resource: 'admin/shifts', feature: 'navigation.shifts' },
    ],
  },
  {
    name: 'hires',
    resources: [
      { name: 'hires', props: hires },
      { name: 'check-templates', props: checkTemplates },
    ],
    menu: [{ resource: 'hires' }, { resource: 'check-templates', audience: 'rentalCompanies' }],
  },
  {
    name: 'maintenance',
    resources: [
      { name: 'maintenance', props: maintenance },
      { name: 'maintenance/plans', props: servicePlans },
    ],
    menu: [{ resource: 'maintenance' }, { resource: 'maintenance/plans' }],
  },
  {
    name: 'equipment',
    resources: [
      {
        name: 'equipment/assets',
        props: equipmentAssets,
        pages: [
          { path: RESOURCE_ROUTES.assetList, screen: AssetListScreen },
          { path: RESOURCE_ROUTES.assetDetails, screen: AssetDetailsScreen },
          { path: RESOURCE_ROUTES.assetOnboard, screen: AssetOnboardScreen },
        ],
      },
    ],
    pages: [
      { path: PATHS.equipment, screen: EquipmentOverviewScreen },
      { path: PATHS.assetLabel, screen: AssetLabelScreen },
    ],
    menu: [
      {
        to: links.equipment,
        label: 'app.equipment.title',
        icon: RvHookup,
        feature: 'navigation.equipment',
      },
    ],
  },
  {
    name: 'sensors',
    resources: [
      {
        name: 'sensors',
        props: sensors,
        pages: [{ path: RESOURCE_ROUTES.sensorsDashboard, screen: SensorDashboardScreen }],
      },
    ],
    pages: [{ path: PATHS.sensorOff, screen: SensorServiceScreen }],
    menu: [
      { resource: 'sensors', feature: 'navigation.sensors' },
      {
        to: links.sensorsDashboard,
        label: 'app.devices.sensors.dashboard_title',
        icon: MonitorHeart,
        feature: 'navigation.sensors',
      },
    ],
  },
  {
    name: 'gateways',
    resources: [
      {
        name: 'gateways',
        props: gateways,
        pages: [
          { path: RESOURCE_ROUTES.gateway, screen: GatewayShowScreen },
          { path: RESOURCE_ROUTES.gatewayEdit, screen: GatewayEditScreen },
        ],
      },
    ],
    pages: [{ path: PATHS.gatewayList, alias: links.gateways }],
    menu: [{ resource: 'gateways', feature: 'navigation.gateways' }],
  },
  {
    name: 'reports',
    resources: [{ name: 'files', props: files }, { name: 'reports/files' }],
    pages: [
      { path: PATHS.createReportsFile, screen: CreateReportFileScreen },
      { path: PATHS.reports, screen: ReportsScreen },
      { path: PATHS.mmReports, screen: ReportPageScreen },
      { path: PATHS.userReportCategories, screen: UserReportCategoriesScreen },
    ],
    menu: [
      { to: links.reports, label: 'app.reports.title', icon: Assessment },
      { resource: 'files' },
    ],
  },
  {
    name: 'alerts',
    resources: [{ name: 'alerts', props: alerts }],
    menu: [{ resource: 'alerts', feature: 'modules.notifications' }],
  },
  {
    name: 'users',
    resources: [
      { name: 'users', props: users },
      { name: 'portal/users', props: portalUsers },
    ],
    pages: [
      { path: PATHS.userList, alias: links.users },
      { path: PATHS.portalUserList, alias: links.portalUsers },
      { path: PATHS.portalMultipleUsers, screen: MultipleInviteScreen },
      { path: PATHS.userSettings, screen: userSettings.UserSettingsScreen },
    ],
    menu: [{ resource: 'users' }, { resource: 'portal/users', audience: 'customerManagers' }],
  },
  {
    name: 'organisation',
    // Its audit is shown as a tab of the organisation's area, not a route of its own.
    resources: [{ name: 'organisation/audit' }],
    pages: [
      {
        path: PATHS.organisation,
        screen: OrganisationArea,
        nested: [
          { path: PATHS.organisationMachines, screen: machines.list, resource: 'machines' },
          { path: PATHS.organisationUsers, screen: users.list, resource: 'users' },
          sitesPage(PATHS.organisationSites, SitesPortalScreen),
          { path: PATHS.brandConfiguration, screen: brand.BrandConfigurationScreen },
          {
            path: PATHS.organisationAudit,
            screen: organisationAudit.list,
            resource: 'organisation/audit',
          },
          { path: PATHS.organisationIntegrations, screen: IntegrationsScreen },
          { path: PATHS.organisationPrivacy, screen: PrivacyScreen },
        ],
      },
    ],
    menu: [
      {
        to: () => PATHS.organisationMachines,
        label: 'app.organisation.title',
        icon: CorporateFare,
        audience: 'writers',
      },
    ],
  },
  {
    name: 'admin',
    resources: [
      { name: 'admin/orgs/settings', props: organisationSettings, staff: true },
      { name: 'admin/sso-providers', props: ssoProviders, staff: true },
      { name: 'admin/audit', props: adminAudit, staff: true },
      {
        name: 'admin/gateways',
        props: adminGateways,
        staff: true,
        pages: [
          { path: RESOURCE_ROUTES.gatewayRegister, screen: GatewayRegisterScreen },
          { path: RESOURCE_ROUTES.gatewayEdit, screen: AdminGatewayEditScreen },
          { path: RESOURCE_ROUTES.gatewayConfigure, screen: GatewayConfigureScreen },
        ],
      },
    ],
    pages: [
      ...(
        [
          [PATHS.admin, admin.AdminHomeScreen],
          [PATHS.adminTeltonika, admin.TeltonikaScreen],
          [PATHS.adminArya, admin.AryaScreen],
          [PATHS.adminAndroid, admin.AndroidScreen],
          [PATHS.adminCompleteness, admin.CompletenessScreen],
          [PATHS.adminCoverage, admin.CoverageScreen],
          [PATHS.adminMachine, admin.MachineWorkingsScreen],
          [PATHS.adminOemFeeds, admin.OemFeedsScreen],
          [PATHS.adminOutbox, admin.OutboxScreen],
        ] as const
      ).map(([path, screen]) => ({ path, screen, staff: true })),
      { path: PATHS.organisationSettingsList, alias: links.organisationSettings },
    ],
    menu: [
      {
        to: () => PATHS.admin,
        label: 'app.admin.nav.area',
        icon: AdminPanelSettings,
        audience: 'staff',
      },
      { resource: 'admin/orgs/settings', audience: 'staff' },
      { resource: 'admin/sso-providers', audience: 'staff' },
      { resource: 'admin/gateways', audience: 'staff' },
    ],
  },
  {
    name: 'account',
    pages: [
      { path: LOGOUT_PATH, screen: LogoutPage, bare: true },
      { path: PATHS.forgotPassword, screen: account.ForgotPasswordScreen, bare: true },
      {
        path: PATHS.forgotPasswordSuccess,
        screen: account.ForgotPasswordSuccessScreen,
        bare: true,
      },
      { path: PATHS.resetPassword, screen: account.ResetPasswordScreen, bare: true },
      { path: PATHS.register, screen: account.RegisterScreen, bare: true },
      { path: PATHS.rsvp, screen: account.RsvpScreen, bare: true },
      { path: PATHS.unsubscribe, screen: account.UnsubscribeScreen, bare: true },
      { path: PATHS.loginSelection, screen: account.LoginSelectionScreen, bare: true },
      { path: PATHS.sso, screen: account.SsoScreen, bare: true },
      { path: PATHS.ssoCallback, screen: account.SsoCallbackScreen, bare: true },
      { path: PATHS.customToken, screen: account.CustomTokenScreen, bare: true },
      { path: PATHS.qr, screen: QrScreen, bare: true },
      { path: PATHS.secondFactor, screen: account.SecondFactorScreen },
      { path: NOT_FOUND_PATH, screen: NotFoundPage },
    ],
  },
];
