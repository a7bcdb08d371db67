// What the equipment screens share: an asset's kind, its distance in km, the map that fits the
// points it shows, and the form fields of an asset (new, or edited).
import QrCode2 from '@mui/icons-material/QrCode2';
import { Box, Button, Chip, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useMap } from 'react-leaflet';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { siteKeys } from '../../dataProvider/sites.ts';
import { ASSET_KINDS, type AssetBody, type AssetKind } from '../../domain/api/assets.ts';
import { formatNumber } from '../../domain/format.ts';
import { saveBlob } from '../../common/saveBlob.ts';

/** Downloads the labels of these assets as a PDF sheet. */
export function PrintLabelsButton({
  ids,
  variant,
}: {
  ids: string[];
  variant?: 'text' | 'outlined';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      saveBlob(await dataProvider.printAssetLabels(ids), 'asset-labels.pdf');
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={<QrCode2 />}
      disabled={busy || ids.length === 0}
      onClick={() => void print()}
    >
      {translate('app.equipment.print_labels', { smart_count: ids.length })}
    </Button>
  );
}

export function KindChip({ kind }: { kind: AssetKind }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(`app.equipment.kinds.${kind}`)} />;
}

export function Distance({ metres }: { metres: number }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return <>{translate('app.equipment.km', { km: formatNumber(metres / 1000, language, 1) })}</>;
}

/** Fits the map to the points once they change; none leaves the map where it is. */
export function FitPoints({ points }: { points: { latitude: number; longitude: number }[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.latitude},${p.longitude}`).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
      padding: [30, 30],
      maxZoom: 16,
    });
    // The points' text is the dependency: a new array of the same points must not move the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** The fields the asset form shows the server's refusals on. */
export const ASSET_FORM_FIELDS = ['name', 'assetNumber', 'homeSiteId'] as const;

export type AssetDraft = Required<{ [K in keyof AssetBody]: string }>;

export const emptyDraft = (): AssetDraft => ({
  name: '',
  assetNumber: '',
  kind: 'trailer',
  homeSiteId: '',
  note: '',
});

export const bodyOfDraft = (draft: AssetDraft): AssetBody => ({
  name: draft.name.trim(),
  kind: draft.kind as AssetKind,
  assetNumber: draft.assetNumber.trim() || null,
  homeSiteId: draft.homeSiteId || null,
  note: draft.note.trim() || null,
});

/** The organisation's sites, for an asset's home. */
function useSiteChoices() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: siteKeys.all, queryFn: () => dataProvider.getSites() });
}

export function AssetFormFields({
  draft,
  onChange,
  error,
}: {
  draft: AssetDraft;
  onChange(draft: AssetDraft): void;
  /** The field the server refused (without any `asset.` prefix), and why. */
  error: { field: string; message: string } | null;
}) {
  const translate = useTranslate();
  const sites = useSiteChoices();
  const label = (field: string) => translate(`resources.equipment/assets.fields.${field}`);
  const text = (
    field: keyof AssetDraft,
    props: { required?: boolean; multiline?: boolean } = {},
  ) => (
    <TextField
      size="small"
      label={label(field)}
      value={draft[field]}
      error={error?.field === field}
      helperText={error?.field === field ? error.message : undefined}
      onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
      inputProps={{ 'aria-label': label(field) }}
      {...props}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      {text('name', { required: true })}
      {text('assetNumber')}
      <TextField
        select
        size="small"
        label={label('kind')}
        value={draft.kind}
        onChange={(event) => onChange({ ...draft, kind: event.target.value })}
      >
        {ASSET_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {translate(`app.equipment.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={label('homeSiteId')}
        value={draft.homeSiteId}
        error={error?.field === 'homeSiteId'}
        helperText={error?.field === 'homeSiteId' ? error.message : undefined}
        onChange={(event) => onChange({ ...draft, homeSiteId: event.target.value })}
      >
        <MenuItem value="">–</MenuItem>
        {(sites.data?.sites ?? []).map((site) => (
          <MenuItem key={site.id} value={site.id}>
            {site.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: '1 / -1', display: 'grid' }}>{text('note', { multiline: true })}</Box>
    </Box>
  );
}
