// The dashboard's category table order (spec point 4): by any column, rentalUtilisation ascending
// until the user chooses; rows without a value sort last either way, ties by category name.
import type { CategoryRow } from './api/dashboard.ts';

export type CategorySortKey = Exclude<keyof CategoryRow, 'types'>;
export const DEFAULT_CATEGORY_SORT: { key: CategorySortKey; descending: boolean } = {
  key: 'rentalUtilisation',
  descending: false,
};

const valueOf = (row: CategoryRow, key: CategorySortKey): string | number | null =>
  key === 'category' ? row.category : row[key].value;

const byName = (a: CategoryRow, b: CategoryRow) =>
  a.category === b.category
    ? 0
    : a.category === null
      ? 1
      : b.category === null
        ? -1
        : a.category.localeCompare(b.category);

export function sortCategories(
  rows: CategoryRow[],
  key: CategorySortKey,
  descending: boolean,
): CategoryRow[] {
  return [...rows].sort((a, b) => {
    const x = valueOf(a, key);
    const y = valueOf(b, key);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order =
      typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
    return order === 0 ? byName(a, b) : descending ? -order : order;
  });
}
