// A list's filters on a phone (issue 40): the search stays in view, the other filters open in a
// drawer from the bottom behind a "Filters" button that counts the chosen ones. Wider screens keep
// react-admin's row of filters as it was.
import { Badge, Box, Button, Drawer } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import { cloneElement, useState, type ReactElement } from 'react';
import { FilterForm, useListContext, useTranslate } from 'react-admin';
import { usePhone } from './phone.tsx';

type FilterInput = ReactElement<{ source: string; alwaysOn?: boolean }>;

function PhoneFilters({ filters }: { filters: FilterInput[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { filterValues } = useListContext();
  const search = filters.filter((filter) => filter.props.source === 'q');
  const others = filters.filter((filter) => filter.props.source !== 'q');
  const values = filterValues as Record<string, unknown>;
  const chosen = others.filter((filter) => {
    const value = values[filter.props.source];
    return value !== undefined && value !== '' && value !== null;
  }).length;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {search.length > 0 && <FilterForm filters={search} />}
      </Box>
      <Badge badgeContent={chosen} color="primary">
        <Button startIcon={<FilterList />} onClick={() => setOpen(true)}>
          {translate('app.filters.toggle')}
        </Button>
      </Badge>
      <Drawer anchor="bottom" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ p: 2 }} data-testid="phone-filters">
          {/* In the drawer every filter shows, chosen or not. */}
          <FilterForm filters={others.map((filter) => cloneElement(filter, { alwaysOn: true }))} />
          <Button fullWidth variant="contained" onClick={() => setOpen(false)}>
            {translate('ra.action.close')}
          </Button>
        </Box>
      </Drawer>
    </Box>
  );
}

/** A list's `filters`: as given on a wide screen, the search and a drawer on a phone. */
export function usePhoneFilters(filters: FilterInput[]): FilterInput | FilterInput[] {
  const phone = usePhone();
  return phone && filters.some((filter) => filter.props.source !== 'q') ? (
    <PhoneFilters filters={filters} />
  ) : (
    filters
  );
}
