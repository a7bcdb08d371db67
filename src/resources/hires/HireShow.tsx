// /hires/:id/show: a hire's contract, customer, site, times and terms; for the rental company its
// note and actions, for a customer a read-only view that names the company it hires from; its
// usage, and its on-hire and off-hire checks.
import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { EditButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Hire } from '../../domain/api/hires.ts';
import { links } from '../../domain/paths.ts';
import { Fact } from '../../common/Fact.tsx';
import { When } from '../../common/fields.tsx';
import { HireActions } from './HireActions.tsx';
import { HireUsageCard } from './HireUsageCard.tsx';
import { HireChecks } from './checks/HireChecks.tsx';
import { HireStatusChip, useHireTerms, useLetsMachines, useOwnHire } from './HireFields.tsx';

function HireDetails() {
  const hire = useRecordContext<Hire>();
  const translate = useTranslate();
  const terms = useHireTerms();
  const own = useOwnHire(hire);
  const letsMachines = useLetsMachines();
  if (!hire) return null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Typography variant="h6">{hire.contractNumber}</Typography>
          <HireStatusChip status={hire.status} />
        </Stack>
        {own ? null : (
          <Alert severity="info">
            {translate('app.hires.customer_view', { company: hire.rentalOrganisation })}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
          }}
        >
          <Fact label="resources.hires.fields.machineName">
            <Link component={RouterLink} to={links.machine(hire.machineId)}>
              {hire.assetId ? `${hire.machineName} (${hire.assetId})` : hire.machineName}
            </Link>
          </Fact>
          <Fact label="resources.hires.fields.customer">{hire.customer}</Fact>
          <Fact label="resources.hires.fields.site">{hire.site}</Fact>
          <Fact label="resources.hires.fields.onHireAt">
            <When value={hire.onHireAt} />
          </Fact>
          <Fact label="resources.hires.fields.offHireAt">
            {hire.offHireAt ? <When value={hire.offHireAt} /> : translate('app.hires.open_ended')}
          </Fact>
          <Fact label="resources.hires.fields.contractedHours">{terms.contracted(hire)}</Fact>
          <Fact label="resources.hires.fields.overusePeriod">{terms.overuse(hire)}</Fact>
          {own ? null : (
            <Fact label="resources.hires.fields.rentalOrganisation">{hire.rentalOrganisation}</Fact>
          )}
          {hire.note ? <Fact label="resources.hires.fields.note">{hire.note}</Fact> : null}
          {hire.overrideReason ? (
            <Fact label="resources.hires.fields.overrideReason">{hire.overrideReason}</Fact>
          ) : null}
        </Box>
        {hire.swappedFromHireId ? (
          <Link component={RouterLink} to={`/hires/${hire.swappedFromHireId}/show`}>
            {translate('app.hires.swapped_from')}
          </Link>
        ) : null}
        {own && letsMachines ? <HireActions hire={hire} /> : null}
      </CardContent>
    </Card>
  );
}

function HireUsageOf() {
  const hire = useRecordContext<Hire>();
  return hire && hire.status !== 'future' ? <HireUsageCard hireId={hire.id} /> : null;
}

function HireChecksOf() {
  const hire = useRecordContext<Hire>();
  return hire ? <HireChecks hire={hire} /> : null;
}

function ShowActions() {
  const hire = useRecordContext<Hire>();
  const own = useOwnHire(hire);
  const letsMachines = useLetsMachines();
  return <TopToolbar>{own && letsMachines ? <EditButton /> : null}</TopToolbar>;
}

export default function HireShow() {
  return (
    <Show actions={<ShowActions />}>
      <HireDetails />
      <HireUsageOf />
      <HireChecksOf />
    </Show>
  );
}
