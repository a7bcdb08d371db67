// /groups: the organisation's machine groups with how many machines each holds; an admin renames,
// adds and deletes them (react-admin's confirm dialog; the machines stay, out of the group).
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  TopToolbar,
} from 'react-admin';
import { useCaller } from '../../common/useCaller.ts';
import { FigureField } from '../../common/fields.tsx';

export function GroupList() {
  const writer = useCaller().canWrite;
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      exporter={false}
      actions={<TopToolbar>{writer ? <CreateButton /> : null}</TopToolbar>}
    >
      <DataTable bulkActionButtons={false} rowClick={writer ? 'edit' : false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="numberOfMachines" align="right">
          <FigureField source="numberOfMachines" />
        </DataTable.Col>
        {writer ? (
          <DataTable.Col label="" align="right">
            <EditButton />
            <DeleteWithConfirmButton mutationMode="pessimistic" />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </List>
  );
}

export default GroupList;
