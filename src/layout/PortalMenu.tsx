// The side menu: the dashboard, then the resources.
import Dashboard from '@mui/icons-material/Dashboard';
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
      <Menu.ResourceItems />
    </Menu>
  );
}
