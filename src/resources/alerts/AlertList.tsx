// /alerts: the organisation's alerts, newest first, filtered by type; opening it marks them seen,
// so the app bar's count goes back to nothing. Admins set the organisation's alert thresholds.
import { useEffect } from 'react';
import { Chip, Link, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import {
  DataTable,
  FunctionField,
  List,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { alertKeys } from '../../dataProvider/alerts.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { ALERT_TYPES, type AlertRecord } from '../../domain/api/alerts.ts';
import { links } from '../../domain/paths.ts';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { AlertThresholds } from './AlertThresholds.tsx';
import { useCaller } from '../../common/useCaller.ts';
import { When } from '../../common/fields.tsx';

/** What the alert says beyond its type: litres, minutes, the site, the breakdown's note. */
function AlertDetail({ alert }: { alert: AlertRecord }) {
  const translate = useTranslate();
  const parts = [
    alert.sourceCode ? translate('app.alerts.device', { code: alert.sourceCode }) : null,
    alert.litres !== null
      ? translate('app.alerts.litres', { litres: Math.round(alert.litres) })
      : null,
    alert.minutes !== null && alert.minutes > 0
      ? translate('app.alerts.minutes', { minutes: Math.round(alert.minutes) })
      : null,
    alert.siteName,
    alert.note,
  ].filter((part): part is string => Boolean(part));
  return <span>{parts.join(' · ')}</span>;
}

export default function AlertList() {
  const translate = useTranslate();
  const { canWrite } = useCaller();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  useEffect(() => {
    void dataProvider
      .markAlertsSeen()
      .then(() => queryClient.setQueryData(alertKeys.unread, { unread: 0 }))
      .catch(() => undefined);
  }, [dataProvider, queryClient]);
  const types = ALERT_TYPES.map((type) => ({
    id: type,
    name: translate(`app.alerts.types.${type}`),
  }));
  return (
    <FeatureGate flag="modules.notifications">
      <List
        resource="alerts"
        sort={{ field: 'at', order: 'DESC' }}
        exporter={false}
        actions={<TopToolbar>{canWrite ? <AlertThresholds /> : null}</TopToolbar>}
        filters={[<SelectInput key="type" source="type" choices={types} alwaysOn />]}
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="at">
            <FunctionField<AlertRecord>
              render={(a) => (
                <Stack direction="row" spacing={1} alignItems="center">
                  <When value={a.at} />
                  {a.unread ? (
                    <Chip size="small" color="primary" label={translate('app.alerts.new')} />
                  ) : null}
                </Stack>
              )}
            />
          </DataTable.Col>
          <DataTable.Col source="type">
            <FunctionField<AlertRecord> render={(a) => translate(`app.alerts.types.${a.type}`)} />
          </DataTable.Col>
          <DataTable.Col source="machineName" disableSort>
            <FunctionField<AlertRecord>
              render={(a) =>
                a.machineId ? (
                  <Link component={RouterLink} to={links.machine(a.machineId)}>
                    {a.machineName}
                  </Link>
                ) : (
                  '–'
                )
              }
            />
          </DataTable.Col>
          <DataTable.Col source="detail" disableSort>
            <FunctionField<AlertRecord> render={(a) => <AlertDetail alert={a} />} />
          </DataTable.Col>
          <DataTable.Col source="startedAt" disableSort>
            <FunctionField<AlertRecord> render={(a) => <When value={a.startedAt} />} />
          </DataTable.Col>
        </DataTable>
      </List>
    </FeatureGate>
  );
}
