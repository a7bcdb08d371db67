// Saved filters are also kept in the browser (spec point 3): the panel shows them at once, and
// still when the server cannot be reached, while it asks the server again.
import type { SavedFiltersReply } from '../../domain/api/filters.ts';

const keyOf = (userId: string, label: string) => `fleet-portal.saved-filters.${userId}.${label}`;

export function readSavedFilters(userId: string, label: string): SavedFiltersReply | undefined {
  try {
    const stored = localStorage.getItem(keyOf(userId, label));
    return stored ? (JSON.parse(stored) as SavedFiltersReply) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSavedFilters(userId: string, label: string, reply: SavedFiltersReply): void {
  try {
    localStorage.setItem(keyOf(userId, label), JSON.stringify(reply));
  } catch {
    // A full or disabled storage only loses the copy; the server keeps the filters.
  }
}
