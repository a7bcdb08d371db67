// Spec point 4: a range starting before off-hours data exists gets a warning, once per user.
import { useEffect } from 'react';
import { useGetIdentity, useListContext, useLocaleState, useNotify } from 'react-admin';
import { OFF_HOURS_DATA_START } from '../../../domain/constants.ts';
import { formatDate } from '../../../domain/format.ts';

const flagKey = (userId: string) => `fleet-portal.off-hours-warning.${userId}`;

export function OffHoursWarning() {
  const { filterValues } = useListContext();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [language] = useLocaleState();
  const startDate = (filterValues as { startDate?: string }).startDate;

  useEffect(() => {
    if (!identity || !startDate || startDate === 'max' || startDate >= OFF_HOURS_DATA_START) return;
    const key = flagKey(String(identity.id));
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, new Date().toISOString());
    notify('app.machines.off_hours_warning', {
      type: 'warning',
      messageArgs: { date: formatDate(`${OFF_HOURS_DATA_START}T12:00:00`, language) },
    });
  }, [identity, startDate, notify, language]);

  return null;
}
