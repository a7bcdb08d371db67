// The admin area is for staff: anyone else who opens one of its addresses is told so, rather than
// shown a screen whose every call the server refuses (403).
import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { useCaller } from '../../common/useCaller.ts';

export function StaffGate({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { identity, isStaff } = useCaller();
  if (!identity) return <Loading />;
  if (!isStaff)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{translate('app.admin.staff_only')}</Alert>
      </Box>
    );
  return <>{children}</>;
}
