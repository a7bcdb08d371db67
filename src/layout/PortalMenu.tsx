// The side menu: the dashboard, the fleet map, the heat map, the routes and the sites, then the
// machines, their groups and the shifts, the equipment assets, the sensors with their health and
// the gateways, the reports and the files (documents and report files), and the people: the organisation's own, and a rental company's customers' for
// those who may manage them.
import { links, PATHS } from '../domain/paths.ts';
import Dashboard from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
import Whatshot from '@mui/icons-material/Whatshot';
import Place from '@mui/icons-material/Place';
import Route from '@mui/icons-material/Route';
import CorporateFare from '@mui/icons-material/CorporateFare';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import RvHookup from '@mui/icons-material/RvHookup';
import Assessment from '@mui/icons-material/Assessment';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import { Menu, useTranslate } from 'react-admin';
import { useCaller } from '../resources/common/useCaller.ts';
import { useFeature } from '../settings/useFeature.ts';

export function PortalMenu() {
  const translate = useTranslate();
  const { identity, canWrite, isStaff } = useCaller();
  const managesCustomers = canWrite && identity?.organisation.rental === true;
  // Switched-off entries stay hidden until the settings say they are on.
  const routesOn = useFeature('navigation.routes') === true;
  const sitesOn = useFeature('navigation.sites') === true;
  const shiftsOn = useFeature('navigation.shifts') === true;
  const gatewaysOn = useFeature('navigation.gateways') === true;
  const sensorsOn = useFeature('navigation.sensors') === true;
  const equipmentOn = useFeature('navigation.equipment') === true;
  const alertsOn = useFeature('modules.notifications') === true;
  return (
    <Menu>
      <Menu.Item
        to={links.dashboard()}
        primaryText={translate('app.dashboard.title')}
        leftIcon={<Dashboard />}
      />
      <Menu.Item to={links.map()} primaryText={translate('app.map.title')} leftIcon={<MapIcon />} />
      <Menu.Item
        to={links.heatmap()}
        primaryText={translate('app.heatmap.title')}
        leftIcon={<Whatshot />}
      />
      {routesOn ? (
        <Menu.Item
          to={links.routes()}
          primaryText={translate('app.routes.title')}
          leftIcon={<Route />}
        />
      ) : null}
      {sitesOn ? (
        <Menu.Item
          to={links.sitesPortal()}
          primaryText={translate('app.sites.title')}
          leftIcon={<Place />}
        />
      ) : null}
      {/* The sites resource is reached by the spec's path above, not react-admin's /sites. */}
      <Menu.ResourceItem name="machines" />
      <Menu.ResourceItem name="groups" />
      {shiftsOn ? <Menu.ResourceItem name="admin/shifts" /> : null}
      {equipmentOn ? (
        <Menu.Item
          to={links.equipment()}
          primaryText={translate('app.equipment.title')}
          leftIcon={<RvHookup />}
        />
      ) : null}
      {sensorsOn ? <Menu.ResourceItem name="sensors" /> : null}
      {sensorsOn ? (
        <Menu.Item
          to={links.sensorsDashboard()}
          primaryText={translate('app.devices.sensors.dashboard_title')}
          leftIcon={<MonitorHeart />}
        />
      ) : null}
      {gatewaysOn ? <Menu.ResourceItem name="gateways" /> : null}
      <Menu.Item
        to={links.reports()}
        primaryText={translate('app.reports.title')}
        leftIcon={<Assessment />}
      />
      <Menu.ResourceItem name="files" />
      {alertsOn ? <Menu.ResourceItem name="alerts" /> : null}
      <Menu.ResourceItem name="users" />
      {managesCustomers ? <Menu.ResourceItem name="portal/users" /> : null}
      {canWrite ? (
        <Menu.Item
          to={PATHS.organisationMachines}
          primaryText={translate('app.organisation.title')}
          leftIcon={<CorporateFare />}
        />
      ) : null}
      {isStaff ? (
        <Menu.Item
          to={PATHS.admin}
          primaryText={translate('app.admin.nav.area')}
          leftIcon={<AdminPanelSettings />}
        />
      ) : null}
      {isStaff ? <Menu.ResourceItem name="admin/orgs/settings" /> : null}
      {isStaff ? <Menu.ResourceItem name="admin/sso-providers" /> : null}
      {isStaff ? <Menu.ResourceItem name="admin/gateways" /> : null}
    </Menu>
  );
}
