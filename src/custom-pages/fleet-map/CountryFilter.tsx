// The fleet map's countries: names from the country outline the portal ships, as the server
// knows them (GET /v1/portal/maps?countries=).
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { loadWorldOutline } from '../../common/worldOutline.ts';

export interface CountryFilterProps {
  value: string[];
  onChange(countries: string[]): void;
}

export function CountryFilter({ value, onChange }: CountryFilterProps) {
  const translate = useTranslate();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let cancelled = false;
    void loadWorldOutline().then((outline) => {
      if (cancelled) return;
      const all = outline.features.map((f) => String(f.properties?.name ?? '')).filter(Boolean);
      setNames([...new Set(all)].sort((a, b) => a.localeCompare(b)));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Autocomplete
      multiple
      size="small"
      options={names}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      sx={{ minWidth: 260, maxWidth: 520 }}
      renderInput={(input) => (
        <TextField
          {...input}
          label={translate('app.map.countries')}
          placeholder={value.length ? '' : translate('app.map.all_countries')}
        />
      )}
    />
  );
}
