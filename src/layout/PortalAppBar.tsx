// The app bar: connectivity, language, loading and the user menu.
import { AppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { offeredLanguages } from '../i18n/languages.ts';
import { ConnectivityIndicator } from './ConnectivityIndicator.tsx';
import { PortalUserMenu } from './PortalUserMenu.tsx';

const languages = offeredLanguages(window.location.hostname, import.meta.env.DEV);

export function PortalAppBar() {
  return (
    <AppBar
      userMenu={<PortalUserMenu />}
      toolbar={
        <>
          <ConnectivityIndicator />
          <LocalesMenuButton languages={languages} />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}
