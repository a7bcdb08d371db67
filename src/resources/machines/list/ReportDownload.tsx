// Downloads the list as the machine report (CSV, XLSX or PDF) with its current range, filters, search
// and sort: the file holds what the screen shows; or a report file of another type over its filters.
import { Button } from '@mui/material';
import Download from '@mui/icons-material/Download';
import NoteAdd from '@mui/icons-material/NoteAdd';
import { Link as RouterLink } from 'react-router-dom';
import { links } from '../../../domain/paths.ts';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import type { MachineReportQuery, ReportFormat } from '../../../domain/api/machineReport.ts';
import { MACHINE_SORT_KEYS, type MachineSortKey } from '../../../domain/api/machines.ts';
import { saveBlob } from '../../../common/saveBlob.ts';
import { useShownReportOptions } from './columns.ts';

export function ReportDownload({ format }: { format: ReportFormat }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { filterValues, sort } = useListContext();
  const options = useShownReportOptions();
  const [busy, setBusy] = useState(false);
  const values = filterValues as {
    startDate?: string;
    endDate?: string;
    show?: MachineReportQuery['show'];
    filter?: string;
    q?: string;
  };

  const download = async () => {
    setBusy(true);
    try {
      const query: MachineReportQuery = {
        format,
        start: values.startDate,
        end: values.endDate,
        show: values.show,
        filter: values.filter,
        q: values.q,
        options,
        ...((MACHINE_SORT_KEYS as readonly string[]).includes(sort.field)
          ? { sort: sort.field as MachineSortKey, order: sort.order }
          : {}),
      };
      const blob = await dataProvider.downloadMachineReport(query);
      saveBlob(
        blob,
        `machines-${values.startDate ?? 'today'}-${values.endDate ?? 'today'}.${format}`,
      );
    } catch {
      notify('app.machines.download.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" startIcon={<Download />} onClick={download} disabled={busy}>
      {translate(`app.machines.download.${format}`)}
    </Button>
  );
}

/** Opens a report file of another type (fuel, idle, out-of-hours…) over the list's filters. */
export function ReportFileLink() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { filter } = filterValues as { filter?: string };
  return (
    <Button
      size="small"
      startIcon={<NoteAdd />}
      component={RouterLink}
      to={links.createReportsFile({ filter })}
    >
      {translate('app.files.new_report')}
    </Button>
  );
}
