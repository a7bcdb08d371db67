// The asset list's URL (spec point 2: filter, startDate, endDate, sortKey): read into the list's
// state with unusable parameters named, and written back with defaults left out. On a fixed day.
import { describe, expect, it } from 'vitest';
import { readAssetListUrl, writeAssetListUrl } from '../../src/domain/assetListUrl.ts';

const NOW = new Date(2026, 10, 24, 12); // a Tuesday, local time

describe('the asset list URL', () => {
  it('reads the spec’s parameters, the search as `filter`', () => {
    const state = readAssetListUrl(
      new URLSearchParams(
        'filter=bowser&kind=trailer&startDate=2026-11-01&endDate=2026-11-10&sortKey=daysOnSite&order=DESC&page=2',
      ),
      NOW,
    );
    expect(state).toEqual({
      filterValues: {
        q: 'bowser',
        kind: 'trailer',
        startDate: '2026-11-01',
        endDate: '2026-11-10',
      },
      sort: { field: 'daysOnSite', order: 'DESC' },
      page: 2,
      dropped: [],
    });
  });

  it('opens the last seven days by name when the URL says nothing, and names what it cannot use', () => {
    const plain = readAssetListUrl(new URLSearchParams(), NOW);
    expect(plain.filterValues).toEqual({ startDate: '2026-11-18', endDate: '2026-11-24' });
    expect(plain.sort).toEqual({ field: 'name', order: 'ASC' });
    const bad = readAssetListUrl(
      new URLSearchParams('kind=boat&sortKey=colour&order=up&startDate=max'),
      NOW,
    );
    expect(bad.dropped.sort()).toEqual(['kind', 'order', 'sortKey', 'startDate']);
    expect(bad.filterValues).toEqual({ startDate: '2026-11-18', endDate: '2026-11-24' });
  });

  it('writes a state back without its defaults, and reads back what it wrote', () => {
    const plain = readAssetListUrl(new URLSearchParams(), NOW);
    expect(writeAssetListUrl(plain, NOW).toString()).toBe('');
    const state = {
      filterValues: { q: 'cabin', siteId: 'none', startDate: '2026-11-01', endDate: '2026-11-03' },
      sort: { field: 'distanceM', order: 'DESC' as const },
      page: 1,
    };
    const written = writeAssetListUrl(state, NOW);
    expect(written.toString()).toBe(
      'endDate=2026-11-03&filter=cabin&order=DESC&siteId=none&sortKey=distanceM&startDate=2026-11-01',
    );
    const { dropped, ...read } = readAssetListUrl(written, NOW);
    expect(dropped).toEqual([]);
    expect(read).toEqual(state);
  });
});
