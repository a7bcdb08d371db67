// A scheduled report's actions for admins: run now, pause or resume, change, delete.
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Send from '@mui/icons-material/Send';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { reportKeys } from '../../dataProvider/reports.ts';
import { bodyOfSchedule, type ReportSchedule } from '../../domain/api/reports.ts';

function ActionButton({
  title,
  onClick,
  children,
}: {
  title: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={title} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

export function ScheduleActions({
  schedule: s,
  act,
  onRun,
  onEdit,
}: {
  schedule: ReportSchedule;
  /** Does the work, then says how it went and refreshes the schedules. */
  act: (work: () => Promise<unknown>, message: string) => Promise<void>;
  onRun: () => void;
  onEdit: () => void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <>
      <ActionButton
        title={translate('app.reports.schedules.run_now')}
        onClick={() => {
          onRun();
          void act(async () => {
            await dataProvider.runReportScheduleNow(s.id);
            await queryClient.invalidateQueries({
              queryKey: reportKeys.runs(s.id),
            });
          }, 'app.reports.schedules.queued');
        }}
      >
        <Send fontSize="small" />
      </ActionButton>
      <ActionButton
        title={translate(s.paused ? 'app.reports.schedules.resume' : 'app.reports.schedules.pause')}
        onClick={() =>
          void act(
            () =>
              dataProvider.saveReportSchedule({ ...bodyOfSchedule(s), paused: !s.paused }, s.id),
            'app.reports.schedules.saved',
          )
        }
      >
        {s.paused ? <PlayArrow fontSize="small" /> : <Pause fontSize="small" />}
      </ActionButton>
      <ActionButton title={translate('ra.action.edit')} onClick={onEdit}>
        <Edit fontSize="small" />
      </ActionButton>
      <ActionButton
        title={translate('ra.action.delete')}
        onClick={() =>
          void act(() => dataProvider.deleteReportSchedule(s.id), 'app.reports.schedules.deleted')
        }
      >
        <Delete fontSize="small" />
      </ActionButton>
    </>
  );
}
