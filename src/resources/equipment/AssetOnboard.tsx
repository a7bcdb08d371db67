// /equipment/assets/onboard?sensor=…&claim=…: fit a spare location tracker to an equipment asset:
// find the device by its code and claim code, then make a new asset for it or choose one.
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { links } from '../../domain/paths.ts';
import { DeviceLookupCard, useDeviceLookup } from '../../common/DeviceLookup.tsx';
import {
  AttachChoice,
  refusalOf,
  type AttachOption,
  type Refusal,
} from '../../common/AttachChoice.tsx';
import {
  ASSET_FORM_FIELDS,
  AssetFormFields,
  bodyOfDraft,
  emptyDraft,
  type AssetDraft,
} from './AssetParts.tsx';

export function AssetOnboard() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const lookup = useDeviceLookup();
  const { sensor, claimCode, source } = lookup;
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [draft, setDraft] = useState<AssetDraft>(emptyDraft);
  const [existing, setExisting] = useState<AttachOption | null>(null);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<Refusal | null>(null);
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
      setError(refusalOf(caught, 'asset.'));
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
        <AttachChoice
          labels={{
            new: 'app.equipment.onboard.new_asset',
            existing: 'app.equipment.onboard.existing_asset',
            choose: 'app.equipment.onboard.choose_asset',
            attach: 'app.equipment.onboard.attach',
          }}
          mode={mode}
          onMode={setMode}
          form={<AssetFormFields draft={draft} onChange={setDraft} error={error} />}
          formFields={ASSET_FORM_FIELDS}
          options={(assets.data?.data ?? []).map((asset) => ({
            id: String(asset.id),
            label: `${String(asset.name)}${asset.assetNumber ? ` · ${String(asset.assetNumber)}` : ''}`,
          }))}
          chosen={existing}
          onChoose={setExisting}
          onSearch={setSearch}
          refusal={error}
          canSubmit={canSubmit}
          onSubmit={() => void submit()}
        />
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
