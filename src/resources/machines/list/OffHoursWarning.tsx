// Spec point 4: a range starting before off-hours data exists gets a warning, once per user. The
// first day is the organisation's setting (staff set it), 2022-04-26 by default.
import { useEffect } from 'react';
import { useGetIdentity, useListContext, useLocaleState, useNotify } from 'react-admin';
import { OFF_HOURS_DATA_START } from '../../../domain/constants.ts';
import { formatDate } from '../../../domain/format.ts';
import { useUserSettings } from '../../../settings/useUserSettings.ts';

const flagKey = (userId: string) => `fleet-portal.off-hours-warning.${userId}`;

export function OffHoursWarning() {
  const { filterValues } = useListContext();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [language] = useLocaleState();
  const startDate = (filterValues as { startDate?: string }).startDate;
  const dataStart = useUserSettings().data?.offHoursStartDate ?? OFF_HOURS_DATA_START;

  useEffect(() => {
    if (!identity || !startDate || startDate === 'max' || startDate >= dataStart) return;
    const key = flagKey(String(identity.id));
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, new Date().toISOString());
    notify('app.machines.off_hours_warning', {
      type: 'warning',
      messageArgs: { date: formatDate(`${dataStart}T12:00:00`, language) },
    });
  }, [identity, startDate, notify, language, dataStart]);

  return null;
}
