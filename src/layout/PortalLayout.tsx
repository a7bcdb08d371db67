// The layout of every signed-in screen, themed with the organisation's brand colours, with the
// outbox of writes made without a signal.
import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { Layout } from 'react-admin';
import { WelcomeCard } from '../custom-pages/welcome/WelcomeCard.tsx';
import { LanguageSync } from '../settings/LanguageSync.tsx';
import { ProfileLoadNotice } from './ProfileLoadNotice.tsx';
import { ManifestLink } from './ManifestLink.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { useUserSettings } from '../settings/useUserSettings.ts';
import { brandTheme } from './brandTheme.ts';
import { PortalAppBar } from './PortalAppBar.tsx';
import { PortalMenu } from './PortalMenu.tsx';
import { OutboxProvider } from '../outbox/OutboxProvider.tsx';

export function PortalLayout({ children }: { children: ReactNode }) {
  const { data: settings } = useUserSettings();
  const theme = useMemo(() => createTheme(brandTheme(settings?.brandConfiguration)), [settings]);
  return (
    <ThemeProvider theme={theme}>
      <OutboxProvider>
        <Layout
          appBar={PortalAppBar}
          menu={PortalMenu}
          sx={{
            // A wide table scrolls within its screen instead of widening the whole page.
            minWidth: 0,
            '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': {
              minWidth: 0,
            },
          }}
        >
          <LanguageSync />
          <ManifestLink />
          <OfflineBanner />
          <ProfileLoadNotice />
          <WelcomeCard />
          {children}
        </Layout>
      </OutboxProvider>
    </ThemeProvider>
  );
}
