// The route report (GET /v1/portal/maps/routes/report) for the screen's range: one of its five
// tables, as CSV or XLSX, for the whole fleet.
import { Button, Menu, MenuItem } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import {
  ROUTE_REPORT_TYPES,
  SPREADSHEET_FORMATS,
  type RouteReportType,
  type SpreadsheetFormat,
} from '../../domain/api/routeReport.ts';
import { saveBlob } from '../../common/saveBlob.ts';

export function RouteReportMenu({ range }: { range: { startDate: string; endDate: string } }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (type: RouteReportType, format: SpreadsheetFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const blob = await dataProvider.downloadRouteReport({
        type,
        start: range.startDate,
        end: range.endDate,
        format,
      });
      saveBlob(blob, `routes-${type.toLowerCase()}-${range.startDate}-${range.endDate}.${format}`);
    } catch {
      notify('app.routes.report_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Download />}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('app.routes.report')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ROUTE_REPORT_TYPES.flatMap((type) =>
          SPREADSHEET_FORMATS.map((format) => (
            <MenuItem key={`${type}.${format}`} onClick={() => void download(type, format)}>
              {translate(`app.routes.report_types.${type}`)} · {format.toUpperCase()}
            </MenuItem>
          )),
        )}
      </Menu>
    </>
  );
}
