// Spec points 4 and 8: the user settings load after sign-in; if they cannot, the profile-data
// message says so (the portal goes on with the organisation's defaults).
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useUserSettings } from '../settings/useUserSettings.ts';

export function ProfileLoadNotice() {
  const { error } = useUserSettings();
  const notify = useNotify();
  useEffect(() => {
    if (error) notify('app.errors.profile_failed', { type: 'error' });
  }, [error, notify]);
  return null;
}
