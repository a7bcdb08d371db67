// The machine's group (chosen from the organisation's, or a new one) and its load capacity.
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { parseLocaleNumber } from '../../../../domain/localeNumber.ts';
import { useLocaleState, useTranslate } from 'react-admin';
import { Section, type SectionProps } from './Section.tsx';
import { useMachineWrite } from './useMachineWrite.ts';
import { machineSettingKeys } from '../../../../dataProvider/machineSettings.ts';

const NEW_GROUP = '__new__';

export function GroupAndCapacitySection({ machine, settings, canWrite }: SectionProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { run, busy, dataProvider } = useMachineWrite(machine.id);
  const groups = useQuery({
    queryKey: machineSettingKeys.groups,
    queryFn: () => dataProvider.getGroups(),
  });
  const [newGroup, setNewGroup] = useState<string | null>(null);
  const [capacity, setCapacity] = useState(settings.loadCapacity?.toString() ?? '');
  const capacityNumber = parseLocaleNumber(capacity, language);
  const capacityValid = capacity.trim() === '' || (capacityNumber !== null && capacityNumber > 0);

  const choose = async (groupId: string) => {
    if (groupId === NEW_GROUP) return setNewGroup('');
    await run((provider) => provider.setMachineGroup(machine.id, groupId || null));
  };
  const addGroup = async () => {
    const name = newGroup?.trim();
    if (!name) return;
    const made = await run(async (provider) => {
      const group = await provider.createGroup(name);
      await provider.setMachineGroup(machine.id, group.id);
      return group;
    });
    if (made) {
      setNewGroup(null);
      await groups.refetch();
    }
  };

  return (
    <Section title={translate('app.machine.settings.group_and_capacity')}>
      {canWrite ? (
        <>
          <TextField
            select
            size="small"
            label={translate('app.machine.settings.group')}
            value={settings.groupId ?? ''}
            onChange={(e) => void choose(e.target.value)}
            disabled={busy}
            sx={{ maxWidth: 280 }}
          >
            <MenuItem value="">{translate('app.machine.settings.no_group')}</MenuItem>
            {(groups.data?.groups ?? []).map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.name}
              </MenuItem>
            ))}
            <MenuItem value={NEW_GROUP}>{translate('app.machine.settings.new_group')}</MenuItem>
          </TextField>
          {newGroup !== null ? (
            <Stack direction="row" gap={1}>
              <TextField
                size="small"
                autoFocus
                label={translate('app.machine.settings.new_group_name')}
                value={newGroup}
                onChange={(e) => setNewGroup(e.target.value)}
              />
              <Button variant="outlined" onClick={() => void addGroup()} disabled={busy}>
                {translate('app.machine.settings.add')}
              </Button>
            </Stack>
          ) : null}
          <Stack
            component="form"
            direction="row"
            gap={1}
            onSubmit={(event) => {
              event.preventDefault();
              if (!capacityValid) return;
              void run((provider) => provider.setLoadCapacity(machine.id, capacityNumber));
            }}
          >
            <TextField
              size="small"
              label={translate('app.machine.settings.load_capacity')}
              value={capacity}
              error={!capacityValid}
              onChange={(e) => setCapacity(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ width: 180 }}
            />
            <Button type="submit" variant="outlined" disabled={!capacityValid || busy}>
              {translate('ra.action.save')}
            </Button>
          </Stack>
        </>
      ) : (
        <Typography variant="body2">
          {machine.group ?? translate('app.machine.settings.no_group')} ·{' '}
          {settings.loadCapacity === null ? '–' : `${settings.loadCapacity} t`}
        </Typography>
      )}
    </Section>
  );
}
