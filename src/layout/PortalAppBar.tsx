// The app bar: the organisation's logo, connectivity, the label scanner, writes waiting to be sent,
// unread alerts, language, loading and the user menu.
import { Box } from '@mui/material';
import { AppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { offeredLanguages } from '../i18n/languages.ts';
import { useUserSettings } from '../settings/useUserSettings.ts';
import { AlertBell } from '../resources/alerts/AlertBell.tsx';
import { ConnectivityIndicator } from './ConnectivityIndicator.tsx';
import { OutboxButton } from '../outbox/OutboxButton.tsx';
import { ScanButton } from '../scan/ScanButton.tsx';
import { PortalUserMenu } from './PortalUserMenu.tsx';
import { usePhone } from '../common/phone.tsx';

const languages = offeredLanguages(window.location.hostname, import.meta.env.DEV);

export function PortalAppBar() {
  const logoLink = useUserSettings().data?.brandConfiguration.logoLink;
  // On a phone the languages move into the user menu: the bar keeps the bell and the menu in view.
  const phone = usePhone();
  return (
    <AppBar
      userMenu={<PortalUserMenu languages={phone ? languages : []} />}
      toolbar={
        <>
          <ConnectivityIndicator />
          <ScanButton />
          <OutboxButton />
          <AlertBell />
          {phone ? null : <LocalesMenuButton languages={languages} />}
          <LoadingIndicator />
        </>
      }
    >
      {logoLink ? (
        <Box
          component="img"
          src={logoLink}
          alt=""
          data-testid="brand-logo"
          sx={{ maxHeight: 42, maxWidth: 250, mr: 2 }}
        />
      ) : null}
      <TitlePortal />
    </AppBar>
  );
}
