// The portal: <Admin> with the resources and pages of src/modules.tsx, its layout and theme.
import { lazy, Suspense, type ComponentType } from 'react';
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
import { NotFoundPage } from './custom-pages/not-found/NotFoundPage.tsx';
import { StaffGate } from './custom-pages/admin/index.ts';
import { FeatureGate } from './common/FeatureGate.tsx';
import type { PortalAuthProvider } from './authProvider/authProvider.ts';
import type { PortalDataProvider } from './dataProvider/dataProvider.ts';
import { brandTheme } from './layout/brandTheme.ts';
import { ErrorPage } from './layout/ErrorPage.tsx';
import { PortalLayout } from './layout/PortalLayout.tsx';
import { PortalNotification } from './layout/PortalNotification.tsx';
import { AREAS, type PortalPage, type PortalResource } from './modules.tsx';

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

/** A page's element: its screen in its resource's context, behind its switch or the staff gate. */
function pageElement({ screen: Screen, alias, feature, staff, resource }: PortalPage) {
  let element = alias ? <ListAlias to={alias} /> : Screen ? <Screen /> : null;
  if (resource)
    element = <ResourceContextProvider value={resource}>{element}</ResourceContextProvider>;
  if (feature) element = <FeatureGate flag={feature}>{element}</FeatureGate>;
  if (staff) element = <StaffGate>{element}</StaffGate>;
  return element;
}

function pageRoute(page: PortalPage) {
  const [first] = page.nested ?? [];
  return (
    <Route key={page.path} path={page.path} element={pageElement(page)}>
      {first ? <Route index element={<Navigate to={first.path} replace />} /> : null}
      {page.nested?.map(pageRoute)}
    </Route>
  );
}

/** A staff resource's screens, each behind the staff gate. */
function staffOnly(resource: PortalResource): PortalResource {
  const gate = (Screen: ComponentType): ComponentType =>
    function StaffScreen() {
      return (
        <StaffGate>
          <Screen />
        </StaffGate>
      );
    };
  const props = { ...resource.props };
  for (const view of ['list', 'create', 'edit', 'show'] as const) {
    const Screen = props[view];
    if (Screen && typeof Screen !== 'object') props[view] = gate(Screen as ComponentType);
  }
  const pages = resource.pages?.map((page) => ({ ...page, screen: gate(page.screen) }));
  return { ...resource, props, pages };
}

/** The landing resource first: react-admin opens its list after sign-in. */
const RESOURCES = AREAS.flatMap(({ resources = [] }) => resources)
  .map((resource) => (resource.staff ? staffOnly(resource) : resource))
  .sort((a, b) => Number(b.landing === true) - Number(a.landing === true));

const pageRoutes = (which: (page: PortalPage) => boolean) =>
  AREAS.flatMap(({ pages = [] }) => pages.filter(which)).map(pageRoute);

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
              {RESOURCES.map(({ name, props, pages = [] }) => (
                <Resource key={name} name={name} {...props}>
                  {pages.map(({ path, screen: Screen }) => (
                    <Route key={path} path={path} element={<Screen />} />
                  ))}
                </Resource>
              ))}
              <CustomRoutes noLayout>{pageRoutes((page) => page.bare === true)}</CustomRoutes>
              <CustomRoutes>{pageRoutes((page) => page.bare !== true)}</CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
