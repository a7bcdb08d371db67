// The portal: react-admin's <Admin> with its resources, public and private routes, layout and theme.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import {
  Admin,
  CustomRoutes,
  Resource,
  ResourceContextProvider,
  type I18nProvider,
} from 'react-admin';
import { LoginPage } from './custom-pages/login/LoginPage.tsx';
import { LOGOUT_PATH, LogoutPage } from './custom-pages/logout/LogoutPage.tsx';
import { NOT_FOUND_PATH, NotFoundPage } from './custom-pages/not-found/NotFoundPage.tsx';
import { FeatureGate } from './custom-pages/not-enabled/FeatureGate.tsx';
import type { PortalAuthProvider } from './authProvider/authProvider.ts';
import type { PortalDataProvider } from './dataProvider/dataProvider.ts';
import { brandTheme } from './layout/brandTheme.ts';
import { ErrorPage } from './layout/ErrorPage.tsx';
import { PortalLayout } from './layout/PortalLayout.tsx';
import { PortalNotification } from './layout/PortalNotification.tsx';
import * as dashboard from './custom-pages/dashboard/index.ts';
import * as fleetMap from './custom-pages/fleet-map/index.ts';
import * as heatmap from './custom-pages/heatmap/index.ts';
import * as routes from './custom-pages/routes/index.ts';
import { links, PATHS, RESOURCE_ROUTES } from './domain/paths.ts';
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
import { alerts } from './resources/alerts/index.ts';
import { MultipleInviteScreen, portalUsers, users } from './resources/users/index.ts';
import * as account from './custom-pages/account/index.ts';
import * as brand from './custom-pages/brand/index.ts';
import { QrScreen } from './custom-pages/qr/index.ts';
import { OrganisationArea } from './custom-pages/organisation/OrganisationArea.tsx';
import * as userSettings from './custom-pages/user-settings/index.ts';
import * as admin from './custom-pages/admin/index.ts';
import { adminAudit, organisationAudit } from './resources/audit/index.ts';
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
import {
  CreateReportFileScreen,
  files,
  ReportPageScreen,
  ReportsScreen,
  UserReportCategoriesScreen,
} from './resources/files/index.ts';
import {
  MachineDetailsScreen,
  MachineOnboardScreen,
  machines,
} from './resources/machines/index.ts';

const theme = brandTheme();

/** The read-only page of a shared location: no sign-in, no portal around it. */
const SharedLocationPage = lazy(() => import('./custom-pages/shared/SharedLocationPage.tsx'));
export const SHARED_LOCATION_PATH = '/shared/location/:token';
const publicTheme = createTheme(theme);

/** /machines/list, /users/list and /portal/users/list are the spec's names for the lists; the query stays. */
function ListAlias({ to }: { to: (query: URLSearchParams) => string }) {
  const { search } = useLocation();
  return <Navigate to={to(new URLSearchParams(search))} replace />;
}

export interface AppProps {
  authProvider: PortalAuthProvider;
  dataProvider: PortalDataProvider;
  i18nProvider: I18nProvider;
}

export function App({ authProvider, dataProvider, i18nProvider }: AppProps) {
  return (
    // Real paths, not hash routes: the spec's routes are paths and the server falls back to the app.
    <BrowserRouter>
      <Routes>
        <Route
          path={SHARED_LOCATION_PATH}
          element={
            <ThemeProvider theme={publicTheme}>
              <CssBaseline />
              <Suspense fallback={null}>
                <SharedLocationPage dataProvider={dataProvider} i18nProvider={i18nProvider} />
              </Suspense>
            </ThemeProvider>
          }
        />
        <Route
          path="*"
          element={
            <Admin
              title="Fleet portal"
              authProvider={authProvider}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              loginPage={LoginPage}
              layout={PortalLayout}
              theme={theme}
              error={ErrorPage}
              notification={PortalNotification}
              catchAll={NotFoundPage}
              requireAuth
              disableTelemetry
            >
              <Resource name="machines" {...machines} />
              <Resource name="sites" {...sites} />
              <Resource name="groups" {...groups} />
              <Resource name="alerts" {...alerts} />
              <Resource name="users" {...users} />
              <Resource name="portal/users" {...portalUsers} />
              <Resource name="admin/sso-providers" {...ssoProviders} />
              <Resource name="admin/audit" {...adminAudit} />
              {/* Shown as a tab of the organisation's area (its route below), not a route of its own. */}
              <Resource name="organisation/audit" />
              <Resource name="admin/orgs/settings" {...organisationSettings} />
              <Resource name="admin/shifts" {...shifts} />
              <Resource name="gateways" {...gateways}>
                <Route path={RESOURCE_ROUTES.gateway} element={<GatewayShowScreen />} />
                <Route path={RESOURCE_ROUTES.gatewayEdit} element={<GatewayEditScreen />} />
              </Resource>
              <Resource name="admin/gateways" {...adminGateways}>
                <Route path={RESOURCE_ROUTES.gatewayRegister} element={<GatewayRegisterScreen />} />
                <Route path={RESOURCE_ROUTES.gatewayEdit} element={<AdminGatewayEditScreen />} />
                <Route
                  path={RESOURCE_ROUTES.gatewayConfigure}
                  element={<GatewayConfigureScreen />}
                />
              </Resource>
              <Resource name="sensors" {...sensors}>
                <Route
                  path={RESOURCE_ROUTES.sensorsDashboard}
                  element={<SensorDashboardScreen />}
                />
              </Resource>
              <Resource name="equipment/assets" {...equipmentAssets}>
                <Route path={RESOURCE_ROUTES.assetList} element={<AssetListScreen />} />
                <Route path={RESOURCE_ROUTES.assetDetails} element={<AssetDetailsScreen />} />
                <Route path={RESOURCE_ROUTES.assetOnboard} element={<AssetOnboardScreen />} />
              </Resource>
              <Resource name="files" {...files} />
              <Resource name="reports/files" />
              <CustomRoutes noLayout>
                <Route path={LOGOUT_PATH} element={<LogoutPage />} />
                <Route path={PATHS.forgotPassword} element={<account.ForgotPasswordScreen />} />
                <Route
                  path={PATHS.forgotPasswordSuccess}
                  element={<account.ForgotPasswordSuccessScreen />}
                />
                <Route path={PATHS.resetPassword} element={<account.ResetPasswordScreen />} />
                <Route path={PATHS.register} element={<account.RegisterScreen />} />
                <Route path={PATHS.rsvp} element={<account.RsvpScreen />} />
                <Route path={PATHS.unsubscribe} element={<account.UnsubscribeScreen />} />
                <Route path={PATHS.loginSelection} element={<account.LoginSelectionScreen />} />
                <Route path={PATHS.sso} element={<account.SsoScreen />} />
                <Route path={PATHS.ssoCallback} element={<account.SsoCallbackScreen />} />
                <Route path={PATHS.customToken} element={<account.CustomTokenScreen />} />
                <Route path={PATHS.qr} element={<QrScreen />} />
              </CustomRoutes>
              <CustomRoutes>
                <Route path={dashboard.path} element={<dashboard.DashboardScreen />} />
                <Route path={PATHS.secondFactor} element={<account.SecondFactorScreen />} />
                <Route path={PATHS.userSettings} element={<userSettings.UserSettingsScreen />} />
                <Route path={PATHS.organisation} element={<OrganisationArea />}>
                  <Route index element={<Navigate to={PATHS.organisationMachines} replace />} />
                  <Route
                    path={PATHS.organisationMachines}
                    element={
                      <ResourceContextProvider value="machines">
                        <machines.list />
                      </ResourceContextProvider>
                    }
                  />
                  <Route
                    path={PATHS.organisationUsers}
                    element={
                      <ResourceContextProvider value="users">
                        <users.list />
                      </ResourceContextProvider>
                    }
                  />
                  <Route
                    path={PATHS.organisationSites}
                    element={
                      <FeatureGate flag="navigation.sites">
                        <SitesPortalScreen />
                      </FeatureGate>
                    }
                  />
                  <Route
                    path={PATHS.brandConfiguration}
                    element={<brand.BrandConfigurationScreen />}
                  />
                  <Route
                    path={PATHS.organisationAudit}
                    element={
                      <ResourceContextProvider value="organisation/audit">
                        <organisationAudit.list />
                      </ResourceContextProvider>
                    }
                  />
                </Route>
                {(
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
                ).map(([path, Screen]) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <admin.StaffGate>
                        <Screen />
                      </admin.StaffGate>
                    }
                  />
                ))}
                <Route path={fleetMap.path} element={<fleetMap.FleetMapScreen />} />
                <Route path={heatmap.path} element={<heatmap.HeatmapScreen />} />
                <Route
                  path={routes.path}
                  element={
                    <FeatureGate flag="navigation.routes">
                      <routes.RoutesScreen />
                    </FeatureGate>
                  }
                />
                <Route
                  path={PATHS.geofences}
                  element={
                    <FeatureGate flag="modules.geofences">
                      <GeofencesScreen />
                    </FeatureGate>
                  }
                />
                <Route
                  path={PATHS.sitesPortal}
                  element={
                    <FeatureGate flag="navigation.sites">
                      <SitesPortalScreen />
                    </FeatureGate>
                  }
                />
                <Route
                  path={PATHS.siteForm}
                  element={
                    <FeatureGate flag="navigation.sites">
                      <SiteFormScreen />
                    </FeatureGate>
                  }
                />
                <Route
                  path={PATHS.sitesOverview}
                  element={
                    <FeatureGate flag="navigation.sites">
                      <SitesOverviewScreen />
                    </FeatureGate>
                  }
                />
                <Route
                  path={PATHS.siteOverview}
                  element={
                    <FeatureGate flag="navigation.sites">
                      <SiteOverviewScreen />
                    </FeatureGate>
                  }
                />
                <Route
                  path={PATHS.activityTimeline}
                  element={
                    <FeatureGate flag="navigation.sites">
                      <ActivityTimelineScreen />
                    </FeatureGate>
                  }
                />
                <Route path={PATHS.machineList} element={<ListAlias to={links.machines} />} />
                <Route path={PATHS.userList} element={<ListAlias to={links.users} />} />
                <Route path={PATHS.gatewayList} element={<ListAlias to={links.gateways} />} />
                <Route path={PATHS.portalUserList} element={<ListAlias to={links.portalUsers} />} />
                <Route
                  path={PATHS.organisationSettingsList}
                  element={<ListAlias to={links.organisationSettings} />}
                />
                <Route path={PATHS.portalMultipleUsers} element={<MultipleInviteScreen />} />
                <Route path={PATHS.machineOnboard} element={<MachineOnboardScreen />} />
                <Route path={PATHS.sensorOff} element={<SensorServiceScreen />} />
                <Route path={PATHS.equipment} element={<EquipmentOverviewScreen />} />
                <Route path={PATHS.createReportsFile} element={<CreateReportFileScreen />} />
                <Route path={PATHS.reports} element={<ReportsScreen />} />
                <Route path={PATHS.mmReports} element={<ReportPageScreen />} />
                <Route path={PATHS.userReportCategories} element={<UserReportCategoriesScreen />} />
                <Route path={PATHS.assetLabel} element={<AssetLabelScreen />} />
                <Route path={PATHS.machine} element={<MachineDetailsScreen />} />
                <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
