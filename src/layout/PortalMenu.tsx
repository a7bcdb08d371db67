// The side menu: the dashboard, the fleet map, the heat map and the routes, then the resources.
import Dashboard from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
import Whatshot from '@mui/icons-material/Whatshot';
import Route from '@mui/icons-material/Route';
import { Menu, useTranslate } from 'react-admin';

export function PortalMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.Item
        to="/dashboard"
        primaryText={translate('app.dashboard.title')}
        leftIcon={<Dashboard />}
      />
      <Menu.Item to="/map" primaryText={translate('app.map.title')} leftIcon={<MapIcon />} />
      <Menu.Item
        to="/heatmap"
        primaryText={translate('app.heatmap.title')}
        leftIcon={<Whatshot />}
      />
      <Menu.Item to="/routes" primaryText={translate('app.routes.title')} leftIcon={<Route />} />
      <Menu.ResourceItems />
    </Menu>
  );
}
