// The shape every language catalog must have: the same keys as English, every leaf a string.

export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

export type Messages = { [key: string]: string | Messages };

/** Deep merge: `over` wins, `under` fills every gap (English under every language). */
export function layer(under: Messages, over: Messages): Messages {
  const result: Messages = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below = result[key];
    result[key] =
      typeof value === 'object' && typeof below === 'object' ? layer(below, value) : value;
  }
  return result;
}

/** Only the keys `shape` has: an older catalog's words for keys react-admin no longer uses go. */
export function within(messages: Messages, shape: Messages): Messages {
  const result: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    const expected = shape[key];
    if (expected === undefined || typeof expected !== typeof value) continue;
    result[key] =
      typeof value === 'object' && typeof expected === 'object' ? within(value, expected) : value;
  }
  return result;
}

/** Dotted paths of every leaf, for the completeness test. */
export function leafKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
