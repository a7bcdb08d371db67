// /equipment/assets/onboard?sensor=…&claim=…: fit a spare location tracker to an equipment asset:
// find the device by its code and claim code, then make a new asset for it or choose one.
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { FeatureGate } from '../../custom-pages/not-enabled/FeatureGate.tsx';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { links } from '../../domain/paths.ts';
import { DeviceLookupCard, useDeviceLookup } from '../common/DeviceLookup.tsx';
import { AssetFormFields, bodyOfDraft, emptyDraft, type AssetDraft } from './AssetParts.tsx';

export function AssetOnboard() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const lookup = useDeviceLookup();
  const { sensor, claimCode, source } = lookup;
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [draft, setDraft] = useState<AssetDraft>(emptyDraft);
  const [existing, setExisting] = useState<{ id: string; label: string } | null>(null);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const assets = useQuery({
    queryKey: ['asset-choices', search],
    queryFn: () =>
      dataProvider.getList('equipment/assets', {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'name', order: 'ASC' },
        filter: { q: search },
      }),
    enabled: mode === 'existing',
  });

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const reply = await dataProvider.onboardAsset({
        sensor,
        ...(claimCode ? { claimCode } : {}),
        ...(mode === 'new'
          ? { asset: bodyOfDraft(draft) }
          : { equipmentAssetId: existing?.id ?? '' }),
      });
      notify('app.equipment.onboard.done', { type: 'success' });
      void navigate(links.assetDetails(reply.equipmentAssetId));
    } catch (caught) {
      const body = caught instanceof HttpError ? (caught.body as { field?: string }) : undefined;
      const message = caught instanceof Error ? caught.message : String(caught);
      setError({ field: body?.field?.replace(/^asset\./, '') ?? '', message });
    } finally {
      setBusy(false);
    }
  };

  const canSubmit =
    source.data !== undefined &&
    !busy &&
    (mode === 'new' ? draft.name.trim() !== '' : existing !== null);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title={translate('app.equipment.onboard.title')} />
      <DeviceLookupCard lookup={lookup} />
      {source.data ? (
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={mode}
              onChange={(_e, value: 'new' | 'existing' | null) => value && setMode(value)}
            >
              <ToggleButton value="new">
                {translate('app.equipment.onboard.new_asset')}
              </ToggleButton>
              <ToggleButton value="existing">
                {translate('app.equipment.onboard.existing_asset')}
              </ToggleButton>
            </ToggleButtonGroup>
            {mode === 'new' ? (
              <AssetFormFields draft={draft} onChange={setDraft} error={error} />
            ) : (
              <Autocomplete
                options={(assets.data?.data ?? []).map((asset) => ({
                  id: String(asset.id),
                  label: `${String(asset.name)}${asset.assetNumber ? ` · ${String(asset.assetNumber)}` : ''}`,
                }))}
                value={existing}
                onChange={(_e, chosen) => setExisting(chosen)}
                onInputChange={(_e, text) => setSearch(text)}
                filterOptions={(options) => options}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(props) => (
                  <TextField
                    {...props}
                    size="small"
                    label={translate('app.equipment.onboard.choose_asset')}
                  />
                )}
                sx={{ maxWidth: 480 }}
              />
            )}
            {error && !['name', 'assetNumber', 'homeSiteId'].includes(error.field) ? (
              <Alert severity="error">{error.message}</Alert>
            ) : null}
            <div>
              <Button variant="contained" disabled={!canSubmit} onClick={() => void submit()}>
                {translate('app.equipment.onboard.attach')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

export default function AssetOnboardScreen() {
  return (
    <FeatureGate flag="navigation.equipment">
      <AssetOnboard />
    </FeatureGate>
  );
}
