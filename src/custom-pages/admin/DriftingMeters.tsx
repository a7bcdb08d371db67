// The staff home's drifting hour meters (issue 41): machines whose meter sources disagree with the
// engine's own count past their organisation's threshold, the worst first, each opening its machine.
import { Card, CardContent, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { links } from '../../domain/paths.ts';
import { useFormat } from '../../common/useFormat.ts';
import { StaffTable } from './StaffTable.tsx';

export function DriftingMeters() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: meters } = useQuery({
    queryKey: ['admin', 'meter-drift'],
    queryFn: () => dataProvider.getDriftingMeters(),
  });
  if (!meters) return null;
  return (
    <Card variant="outlined" data-testid="drifting-meters">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.meters.drifting_title')}
        </Typography>
        <StaffTable
          label="app.meters.drifting_title"
          rows={meters}
          rowKey={(meter) => meter.machineId}
          empty="app.meters.drifting_none"
          columns={[
            {
              label: 'app.admin.machine',
              cell: (meter) => (
                <Link component={RouterLink} to={links.adminMachine(meter.machineId)}>
                  {meter.machineName}
                  {meter.assetId ? ` (${meter.assetId})` : ''}
                </Link>
              ),
            },
            { label: 'app.admin.organisation', cell: (meter) => meter.organisationName },
            {
              label: 'app.meters.drift_h',
              numeric: true,
              cell: (meter) => format.measure(meter.driftH, 'h', 1),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
