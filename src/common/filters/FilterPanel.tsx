// The machine filters panel of the list and the dashboard (spec points 3 and 4): a multiple choice
// per category, with options from GET /v1/portal/filters, and the user's saved filters to apply,
// add and delete. The selection travels as an encoded `filter` value, which the screen keeps in
// its URL.
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Drawer,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { FilterOption } from '../../domain/api/filters.ts';
import {
  decodeFilterOrEmpty,
  encodeFilter,
  type FilterSelection,
} from '../../domain/filterQuery.ts';
import { readSavedFilters, writeSavedFilters } from './savedFilterCache.ts';
import { filterKeys } from '../../dataProvider/filters.ts';

/** The page label saved filters are kept under: the list and the dashboard share them. */
export const SAVED_FILTER_LABEL = 'machines';

export interface FilterPanelProps {
  open: boolean;
  onClose(): void;
  /** The screen's encoded filter, and the range and show that the options are counted over. */
  values: { filter?: string; startDate?: string; endDate?: string; show?: string };
  /** The new encoded filter; undefined when nothing is chosen. */
  onChange(filter: string | undefined): void;
}

export function FilterPanel({ open, onClose, values, onChange }: FilterPanelProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const selection = decodeFilterOrEmpty(values.filter);

  const categories = useQuery({
    queryKey: filterKeys.options({
      start: values.startDate,
      end: values.endDate,
      show: values.show,
    }),
    queryFn: () =>
      dataProvider.getFilters({
        start: values.startDate ?? 'max',
        end: values.endDate ?? 'max',
        show: values.show,
      }),
    enabled: open,
  });
  const apply = (next: FilterSelection) => onChange(encodeFilter(next) || undefined);
  const choose = (group: string, options: FilterOption[]) =>
    apply({ ...selection, [group]: options.map((o) => o.key) });

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 380, p: 2 } } }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="h6">{translate('app.filters.title')}</Typography>
        <IconButton aria-label={translate('app.filters.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>

      <SavedFilters open={open} selection={selection} apply={apply} />

      <Stack gap={1.5}>
        {(categories.data?.filters ?? [])
          .filter((category) => category.options.length > 0)
          .map((category) => (
            <Autocomplete
              key={category.id}
              multiple
              size="small"
              options={category.options}
              getOptionLabel={(o) =>
                translate(`app.filters.options.${o.group}.${o.key}`, { _: o.name })
              }
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={category.options.filter((o) => selection[category.id]?.includes(o.key))}
              onChange={(_event, chosen) => choose(category.id, chosen)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate(`app.filters.categories.${category.id}`, { _: category.name })}
                />
              )}
            />
          ))}
      </Stack>
      <Button sx={{ mt: 2 }} onClick={() => apply({})} disabled={!encodeFilter(selection)}>
        {translate('app.filters.clear')}
      </Button>
    </Drawer>
  );
}

/** The user's saved filters: applied with a click, deleted, or the current selection saved. */
function SavedFilters({
  open,
  selection,
  apply,
}: {
  open: boolean;
  selection: FilterSelection;
  apply: (selection: FilterSelection) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const [name, setName] = useState('');
  const userId = String(identity?.id ?? '');
  const saved = useQuery({
    queryKey: filterKeys.savedFor(SAVED_FILTER_LABEL, userId),
    queryFn: async () => {
      const reply = await dataProvider.getSavedFilters(SAVED_FILTER_LABEL);
      writeSavedFilters(userId, SAVED_FILTER_LABEL, reply);
      return reply;
    },
    // The browser's copy at once; the server's answer replaces it.
    initialData: () => readSavedFilters(userId, SAVED_FILTER_LABEL),
    initialDataUpdatedAt: 0,
    enabled: open && userId !== '',
  });

  const save = async () => {
    const encoded = encodeFilter(selection);
    if (!name.trim() || !encoded) return;
    try {
      await dataProvider.saveFilter(SAVED_FILTER_LABEL, name.trim(), encoded);
      notify('app.filters.saved', { type: 'success' });
      setName('');
      await queryClient.invalidateQueries({ queryKey: filterKeys.saved });
    } catch {
      notify('app.filters.save_failed', { type: 'error' });
    }
  };
  const remove = async (savedName: string) => {
    try {
      await dataProvider.deleteSavedFilter(SAVED_FILTER_LABEL, savedName);
      await queryClient.invalidateQueries({ queryKey: filterKeys.saved });
    } catch {
      notify('app.filters.delete_failed', { type: 'error' });
    }
  };

  return (
    <Box data-testid="saved-filters" sx={{ my: 2 }}>
      <Typography variant="subtitle2">{translate('app.filters.saved_title')}</Typography>
      <Stack direction="row" flexWrap="wrap" gap={1} sx={{ my: 1 }}>
        {(saved.data?.savedFilters ?? []).map((s) => (
          <Chip
            key={s.filterID}
            label={s.name}
            onClick={() => apply(decodeFilterOrEmpty(s.filters))}
            onDelete={() => void remove(s.name)}
            deleteIcon={<Delete aria-label={translate('app.filters.delete', { name: s.name })} />}
          />
        ))}
        {saved.data?.savedFilters.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.filters.none_saved')}
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" gap={1}>
        <TextField
          size="small"
          label={translate('app.filters.save_as')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Button onClick={() => void save()} disabled={!name.trim() || !encodeFilter(selection)}>
          {translate('app.filters.save')}
        </Button>
      </Stack>
    </Box>
  );
}
