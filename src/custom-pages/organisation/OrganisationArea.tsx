// /organisation/machines, /organisation/users, /organisation/sites,
// /organisation/brand-configuration (spec point 2), its audit trail and its integrations (issue
// 43): the organisation's own admin area, one page whose tabs are the existing screens. The sites tab shows only while sites are switched on.
import { Box, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { ORGANISATION_TABS } from '../../domain/paths.ts';
import { useFeature } from '../../settings/useFeature.ts';
import { useCaller } from '../../common/useCaller.ts';

export function OrganisationArea() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const sitesOn = useFeature('navigation.sites') === true;
  const tabs = ORGANISATION_TABS.filter((tab) => tab.key !== 'sites' || sitesOn);
  const current = tabs.find((tab) => pathname.startsWith(tab.path))?.path ?? false;
  const organisationId = useCaller().identity?.organisation.id;
  return (
    <Box sx={{ minWidth: 0 }}>
      {/* The tab's own screen adds its title after this one: "Organisation · Users". */}
      <Title title={<>{`${translate('app.organisation.title')} · `}</>} />
      {organisationId ? (
        // What a rental company names this organisation by when it puts machines on hire to it.
        <Tooltip title={translate('app.organisation.account_id_help')}>
          <Typography variant="body2" color="text.secondary" data-testid="account-id">
            {translate('app.organisation.account_id')}: <code>{organisationId}</code>
          </Typography>
        </Tooltip>
      ) : null}
      <Tabs
        value={current}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.path}
            label={translate(`app.organisation.tabs.${tab.key}`)}
            component={Link}
            to={tab.path}
          />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}

export default OrganisationArea;
