// The side menu: the dashboard and the fleet map, then the resources.
import Dashboard from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
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
      <Menu.ResourceItems />
    </Menu>
  );
}
