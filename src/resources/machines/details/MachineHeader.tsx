// The details screen's header: the machine's picture, names, hire status, the owner's actions, its
// descriptors, operator, last report and place, and its place on a small map.
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Machine } from '../../../dataProvider/dataProvider.ts';
import { HireStatusChip } from '../HireStatusChip.tsx';
import { NotToBeUsedChip } from '../../maintenance/MachineService.tsx';
import { DetailField as Field } from './DetailField.tsx';
import { LocationMap } from './LocationMap.tsx';
import { MachineActions } from './MachineActions.tsx';
import { OperatorField } from './OperatorField.tsx';
import { useFormat } from '../../../common/useFormat.ts';

export function MachineHeader({
  machine: m,
  title,
  swap,
}: {
  machine: Machine & { canEdit: boolean };
  title: string;
  /** The organisation shows the asset id first (spec point 3). */
  swap: boolean;
}) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
          {m.imageUrl ? (
            <Box
              component="img"
              src={m.imageUrl}
              alt=""
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          ) : null}
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{swap ? m.name : m.assetId}</Typography>
          <HireStatusChip machine={m} />
          <NotToBeUsedChip machineId={m.id} />
          <Box sx={{ flex: 1 }} />
          {m.canEdit ? <MachineActions machine={m} /> : null}
        </Stack>
        <Stack direction="row" flexWrap="wrap" gap={2} sx={{ mt: 2 }}>
          <Field label={translate('resources.machines.fields.category')}>{m.category}</Field>
          <Field label={translate('resources.machines.fields.type')}>{m.type}</Field>
          <Field label={translate('resources.machines.fields.oem')}>{m.oem}</Field>
          <Field label={translate('resources.machines.fields.site')}>{m.site}</Field>
          <Field label={translate('resources.machines.fields.customer')}>{m.customer}</Field>
          <Field label={translate('resources.machines.fields.contractNumber')}>
            {m.contractNumber}
          </Field>
          <Field label={translate('app.machine.operator')}>
            <OperatorField machine={m} canEdit={m.canEdit} />
          </Field>
          <Field label={translate('resources.machines.fields.lastSeenAt')}>
            {m.lastSeenAt ? format.dateTime(m.lastSeenAt) : translate('app.machines.never_seen')}
          </Field>
          <Field label={translate('app.machine.location')}>
            {m.location
              ? `${format.position(m.location.latitude, m.location.longitude)} (${format.dateTime(m.location.lastUpdated)})`
              : null}
          </Field>
          <Field label={translate('app.machine.sources')}>
            {m.sources.length ? m.sources.map((s) => `${s.type} ${s.code}`).join(', ') : null}
          </Field>
          <Field label={translate('resources.machines.fields.group')}>{m.group}</Field>
        </Stack>
        {m.location ? (
          <Box sx={{ mt: 2 }}>
            <LocationMap latitude={m.location.latitude} longitude={m.location.longitude} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
