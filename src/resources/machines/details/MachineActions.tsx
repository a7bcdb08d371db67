// The owner's actions on a machine: edit its descriptors, archive it out of the fleet or back.
import { Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Machine, PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import { MachineEditDialog } from './MachineEditDialog.tsx';
import { machineKeys } from '../../../dataProvider/machines.ts';

export function MachineActions({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);

  const [confirming, setConfirming] = useState(false);
  const archiving = machine.archived === null;
  const toggleArchive = async () => {
    setConfirming(false);
    try {
      await (archiving
        ? dataProvider.archiveMachine(machine.id)
        : dataProvider.unarchiveMachine(machine.id));
      await queryClient.invalidateQueries({ queryKey: machineKeys.one(machine.id) });
      notify(archiving ? 'app.machine.archived' : 'app.machine.unarchived', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };

  return (
    <Stack direction="row" gap={1}>
      <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
        {translate('app.machine.edit.open')}
      </Button>
      <Button
        size="small"
        // Archiving takes the machine out of the fleet: react-admin's confirm dialog asks first.
        onClick={() => (archiving ? setConfirming(true) : void toggleArchive())}
      >
        {translate(machine.archived === null ? 'app.machine.archive' : 'app.machine.unarchive')}
      </Button>
      {editing ? <MachineEditDialog machine={machine} onClose={() => setEditing(false)} /> : null}
      <Confirm
        isOpen={confirming}
        title={translate('app.machine.archive')}
        content={translate('app.machine.archive_confirm', { name: machine.name })}
        onConfirm={() => void toggleArchive()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
