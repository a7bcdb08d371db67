// A checklist item's key (the name its answer goes by) from its label, made once when the item is
// added and kept after, so renaming an item does not part it from the answers already given.
const MAX_KEY = 40;

export function keyOf(label: string, taken: ReadonlySet<string>): string {
  const words = label
    // Accents dropped (é is e), anything else not a letter or digit parts words.
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const joined = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  const base = (/^[a-zA-Z]/.test(joined) ? joined : `item${joined}`).slice(0, MAX_KEY - 3);
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}${n}`;
  return key;
}

/** Every item with a key: those it had, and a new one for each item added. */
export function withKeys<T extends { key?: string; label: string }>(
  items: T[],
): (T & { key: string })[] {
  const taken = new Set(items.map((item) => item.key).filter((key): key is string => !!key));
  return items.map((item) => {
    if (item.key) return { ...item, key: item.key };
    const key = keyOf(item.label, taken);
    taken.add(key);
    return { ...item, key };
  });
}
