// The header of a screen whose range and filters live in its URL (the dashboard, the fleet map):
// its title, the range with the screen's presets, and the machine filters panel.
import { Button, Stack, Typography } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { DatePreset, DateRange } from '../domain/datePresets.ts';
import { countFilterGroups } from '../domain/filterQuery.ts';
import { FilterPanel } from './filters/FilterPanel.tsx';
import { DateRangeControl } from './DateRangeControl.tsx';
import type { UrlChanges } from './useUrlState.ts';

export interface RangeFilterHeaderProps {
  title: string;
  range: DateRange;
  filter: string | undefined;
  presets: readonly DatePreset[];
  onChange(next: UrlChanges): void;
}

export function RangeFilterHeader({
  title,
  range,
  filter,
  presets,
  onChange,
}: RangeFilterHeaderProps) {
  const translate = useTranslate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const groups = countFilterGroups(filter);
  return (
    <>
      <Title title={title} />
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <DateRangeControl
          value={range}
          presets={presets}
          onChange={(next) => onChange({ ...next })}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<FilterList />}
          onClick={() => setFiltersOpen(true)}
        >
          {translate('app.filters.toggle')}
          {groups > 0 ? ` (${groups})` : ''}
        </Button>
      </Stack>
      <FilterPanel
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        values={{ ...range, filter }}
        onChange={(next) => onChange({ filter: next })}
      />
    </>
  );
}
