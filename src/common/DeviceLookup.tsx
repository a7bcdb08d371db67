// The first step of fitting a device (to a machine or to an equipment asset): find the spare
// device by the code on it and the claim code on its label (staff pick from every spare one).
// The code and claim code live in the URL (?sensor=&claim=), so a QR label's link fills them in.
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  CardContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import { onboardingKeys } from '../dataProvider/onboarding.ts';
import { formatDateTime } from '../domain/format.ts';
import { useTimeZone } from '../settings/useTimeZone.ts';

/** The device the URL names, looked up; `sensor` and `claimCode` are what the URL says. */
export function useDeviceLookup() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const sensor = params.get('sensor')?.trim() ?? '';
  // The claim code on the device's label proves the device is in hand; staff need none.
  const claimCode = params.get('claim')?.trim() ?? '';
  const source = useQuery({
    queryKey: onboardingKeys.source(sensor, claimCode),
    queryFn: () => dataProvider.getUnassignedSource(sensor, claimCode),
    enabled: sensor !== '',
    retry: false,
  });
  return { sensor, claimCode, source };
}

export function DeviceLookupCard({
  lookup,
  children,
}: {
  lookup: ReturnType<typeof useDeviceLookup>;
  /** Below the device found: a way to go elsewhere with it. */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { identity } = useGetIdentity();
  const [, setParams] = useSearchParams();
  const { sensor, claimCode, source } = lookup;
  const [code, setCode] = useState(sensor);
  const [claim, setClaim] = useState(claimCode);
  const unassigned = useQuery({
    queryKey: onboardingKeys.sources,
    queryFn: () => dataProvider.getUnassignedSources(),
    enabled: identity?.role === 'internal',
  });
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6">{translate('app.onboard.find')}</Typography>
        <Stack
          component="form"
          direction="row"
          gap={1}
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim())
              setParams({ sensor: code.trim(), ...(claim.trim() ? { claim: claim.trim() } : {}) });
          }}
        >
          <TextField
            size="small"
            label={translate('app.onboard.sensor')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            sx={{ width: 320 }}
          />
          {identity?.role === 'internal' ? null : (
            <TextField
              size="small"
              label={translate('app.onboard.claim_code')}
              value={claim}
              onChange={(e) => setClaim(e.target.value)}
              sx={{ width: 220 }}
            />
          )}
          <Button type="submit" variant="outlined">
            {translate('app.onboard.look_up')}
          </Button>
        </Stack>
        {unassigned.data && unassigned.data.sources.length > 0 ? (
          <Autocomplete
            size="small"
            options={unassigned.data.sources}
            getOptionLabel={(s) => `${s.type} ${s.code}${s.shortCode ? ` (${s.shortCode})` : ''}`}
            onChange={(_e, chosen) =>
              chosen && (setCode(chosen.code), setParams({ sensor: chosen.code }))
            }
            renderInput={(props) => (
              <TextField {...props} label={translate('app.onboard.unassigned')} />
            )}
            sx={{ maxWidth: 480 }}
          />
        ) : null}
        {source.error ? (
          <Alert severity="warning" data-testid="onboard-refused">
            {/* A device in use says where (the server's words); any other miss reads as not found. */}
            {source.error instanceof HttpError && source.error.status === 409
              ? source.error.message
              : translate('app.onboard.not_found', { code: sensor })}
          </Alert>
        ) : null}
        {source.data ? (
          <Alert severity="info" data-testid="onboard-source">
            {source.data.records === null
              ? translate('app.onboard.source_found', {
                  type: source.data.type,
                  code: source.data.code,
                })
              : translate('app.onboard.source', {
                  type: source.data.type,
                  code: source.data.code,
                  records: source.data.records,
                  seen: source.data.lastSeenAt
                    ? formatDateTime(source.data.lastSeenAt, language, timeZone)
                    : '–',
                })}
          </Alert>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
