// The organisation's retention periods: a number of days for each kind of data, or empty for the
// deployment's default (shown beside it), none under the floor; saved by its admins.
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../../common/useFormat.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { privacyKeys } from '../../dataProvider/privacy.ts';
import {
  RETENTION_KINDS,
  type RetentionKind,
  type RetentionPeriods,
  type RetentionSettings,
} from '../../domain/api/privacy.ts';

type Draft = Record<RetentionKind, string>;

const draftOf = (periods: RetentionPeriods): Draft =>
  Object.fromEntries(
    RETENTION_KINDS.map((kind) => [kind, String(periods[`${kind}Days`] ?? '')]),
  ) as Draft;

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [draft, setDraft] = useState(() => draftOf(settings.periods));
  const [saving, setSaving] = useState(false);
  const fallback = (kind: RetentionKind) => {
    const days = kind === 'rollups' ? null : settings.defaults[`${kind}Days`];
    return days === null
      ? translate('app.privacy.kept')
      : translate('app.privacy.days', { smart_count: days, days: format.number(days, 0) });
  };
  const invalid = (kind: RetentionKind) =>
    draft[kind] !== '' &&
    !(Number.isInteger(Number(draft[kind])) && Number(draft[kind]) >= settings.minDays);
  const save = async () => {
    setSaving(true);
    try {
      const days = (kind: RetentionKind) => (draft[kind] === '' ? null : Number(draft[kind]));
      const saved = await dataProvider.setRetention({
        recordsDays: days('records'),
        positionsDays: days('positions'),
        auditDays: days('audit'),
        rollupsDays: days('rollups'),
      });
      queryClient.setQueryData(privacyKeys.retention, saved);
      notify('app.privacy.saved', { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} flexWrap="wrap">
        {RETENTION_KINDS.map((kind) => (
          <TextField
            key={kind}
            name={`${kind}Days`}
            type="number"
            label={translate(`app.privacy.kinds.${kind}`)}
            value={draft[kind]}
            onChange={(event) => setDraft({ ...draft, [kind]: event.target.value })}
            error={invalid(kind)}
            helperText={
              invalid(kind)
                ? translate('app.privacy.min_days', { days: format.number(settings.minDays, 0) })
                : translate('app.privacy.empty_means', { fallback: fallback(kind) })
            }
            slotProps={{ htmlInput: { min: settings.minDays, step: 1 } }}
            sx={{ minWidth: 200 }}
          />
        ))}
      </Stack>
      <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || RETENTION_KINDS.some(invalid)}
        >
          {translate('ra.action.save')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {settings.lastAppliedAt
            ? translate('app.privacy.last_applied', {
                when: format.dateTime(settings.lastAppliedAt),
              })
            : translate('app.privacy.never_applied')}
        </Typography>
      </Stack>
    </Stack>
  );
}

export function RetentionSection() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data } = useQuery({
    queryKey: privacyKeys.retention,
    queryFn: ({ signal }) => dataProvider.getRetention(signal),
  });
  return (
    <Stack gap={1} data-testid="retention">
      <Typography variant="h6">{translate('app.privacy.retention')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.privacy.retention_intro')}
      </Typography>
      {data ? <RetentionForm settings={data} /> : null}
    </Stack>
  );
}
