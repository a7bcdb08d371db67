// The country a place is in, for the fleet map's `countries` filter.
import { describe, expect, it } from 'vitest';
import { countryAt, parseCountries } from '../../server/modules/maps/countries.ts';

describe('countries', () => {
  it('finds the country of a place, holes included, and none at sea', () => {
    expect(countryAt(51.5074, -0.1278)?.name).toBe('United Kingdom');
    expect(countryAt(48.8566, 2.3522)?.name).toBe('France');
    // Maseru lies in Lesotho, a hole in South Africa.
    expect(countryAt(-29.31, 27.48)?.name).toBe('Lesotho');
    expect(countryAt(45, -30)).toBeNull();
  });

  it('reads names and ISO numbers, and says which it does not know', () => {
    const { ids, unknown } = parseCountries('United Kingdom, 250,  atlantis ,');
    expect([...ids].sort()).toEqual(['250', '826']);
    expect(unknown).toEqual(['atlantis']);
  });
});
