// /logout: signs out and lands on the login page; a link anyone can bookmark or send.
import { useEffect } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';

export const LOGOUT_PATH = '/logout';

export function LogoutPage() {
  const logout = useLogout();
  const translate = useTranslate();
  useEffect(() => {
    void logout();
  }, [logout]);
  return (
    <Box sx={{ p: 4, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={24} />
      <Typography>{translate('app.auth.signing_out')}</Typography>
    </Box>
  );
}
