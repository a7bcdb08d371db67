// The machine's settings on the details screen: group and load capacity, additional information,
// image, fuel settings and calibration (each with its module on). Read-only for viewers and
// customers. The hour meter has its own card (meter/MeterCard.tsx).
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SectionProps } from './Section.tsx';
import { AdditionalInformationSection } from './AdditionalInformationSection.tsx';
import { FuelSettingsSection } from './FuelSettingsSection.tsx';
import { GroupAndCapacitySection } from './GroupAndCapacitySection.tsx';
import { ImageSection } from './ImageSection.tsx';
import { useFeature } from '../../../../settings/useFeature.ts';

export function MachineSettingsCard({ machine, settings, canWrite }: SectionProps) {
  const translate = useTranslate();
  const props = { machine, settings, canWrite };
  // Sections of a module switched off for the organisation are not offered.
  const fuelOn = useFeature('modules.fuel') === true;
  const informationOn = useFeature('modules.machineAdditionalInformation') === true;
  return (
    <Card variant="outlined" data-testid="machine-settings">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6">{translate('app.machine.settings.title')}</Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(320px, 1fr))' },
          }}
        >
          <GroupAndCapacitySection {...props} />
          <ImageSection machine={machine} canWrite={canWrite} />
          {informationOn ? <AdditionalInformationSection {...props} /> : null}
          {fuelOn ? <FuelSettingsSection machine={machine} canWrite={canWrite} /> : null}
        </Box>
      </CardContent>
    </Card>
  );
}
