// The side menu: the dashboard, the fleet map, the heat map, the routes and the sites, then the
// resources.
import Dashboard from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
import Whatshot from '@mui/icons-material/Whatshot';
import Place from '@mui/icons-material/Place';
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
      <Menu.Item
        to="/sites/portal"
        primaryText={translate('app.sites.title')}
        leftIcon={<Place />}
      />
      <Menu.ResourceItems />
    </Menu>
  );
}
