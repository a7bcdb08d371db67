// The app bar's bell: how many alerts came since the member last opened the list, polled each
// minute; it opens /alerts. Hidden where the organisation's notifications module is off.
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import { links } from '../../domain/paths.ts';
import { alertKeys } from '../../dataProvider/alerts.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { useFeature } from '../../settings/useFeature.ts';

const POLL_MS = 60_000;

export function AlertBell() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const on = useFeature('modules.notifications') === true;
  const { data } = useQuery({
    queryKey: alertKeys.unread,
    queryFn: ({ signal }) => dataProvider.getUnreadAlerts(signal),
    enabled: on,
    refetchInterval: POLL_MS,
  });
  if (!on) return null;
  const unread = data?.unread ?? 0;
  return (
    <Tooltip title={translate('app.alerts.unread', { smart_count: unread })}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={links.alerts()}
        aria-label={translate('app.alerts.unread', { smart_count: unread })}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
