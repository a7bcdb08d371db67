// The audit trail: every write through the API (who, when, organisation, route, what was sent,
// from which address) and the changes modules record in their own words, newest first, searched by
// words, action and time. Staff read every organisation's at /admin/audit, an organisation's
// admins their own at /organisation/audit.
import { Box } from '@mui/material';
import { DataTable, FunctionField, List, TextInput, useTranslate } from 'react-admin';
import { InstantInput } from '../../common/pickerInputs.tsx';
import type { AuditRecord } from '../../domain/api/admin.ts';
import { AdminNav } from '../admin/AdminShared.tsx';
import { When } from '../../common/fields.tsx';

const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <TextInput key="action" source="action" />,
  <InstantInput key="from" source="from" />,
  <InstantInput key="to" source="to" />,
];

/** What was sent, on one line; empty parts left out. */
function Details({ record }: { record: AuditRecord }) {
  const details = (record.details ?? {}) as Record<string, unknown>;
  const shown = record.method ? { params: details.params, body: details.body } : details;
  const text = JSON.stringify(shown, (_key, value: unknown) =>
    value && typeof value === 'object' && Object.keys(value).length === 0 ? undefined : value,
  );
  return (
    <Box component="code" sx={{ fontSize: 12, wordBreak: 'break-all' }}>
      {text === '{}' ? '' : text}
    </Box>
  );
}

export function AuditList({ staff }: { staff: boolean }) {
  const translate = useTranslate();
  return (
    <>
      {staff ? (
        <Box sx={{ px: 2, pt: 2 }}>
          <AdminNav />
        </Box>
      ) : null}
      <List
        filters={filters}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={50}
        title={translate('app.admin.audit.title')}
        exporter={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="at">
            <FunctionField<AuditRecord> render={(record) => <When value={record.at} />} />
          </DataTable.Col>
          {staff ? <DataTable.Col source="organisationName" disableSort /> : null}
          <DataTable.Col source="actorEmail" disableSort />
          <DataTable.Col source="action" disableSort>
            <FunctionField<AuditRecord>
              render={(record) =>
                record.method ? `${record.method} ${record.path}` : record.action
              }
            />
          </DataTable.Col>
          <DataTable.Col source="status" disableSort />
          <DataTable.Col source="address" disableSort />
          <DataTable.Col source="details" disableSort>
            <FunctionField<AuditRecord> render={(record) => <Details record={record} />} />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
