// Numeric inputs accept the user's way of writing numbers (spec point 5).
import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from '../../src/domain/localeNumber.ts';

describe('locale numbers', () => {
  it.each([
    ['de', '1.234,5', 1234.5],
    ['nl', '1.234,5', 1234.5],
    ['fr', '1.234,5', 1234.5],
    ['fr', '1 234,5', 1234.5],
    ['fr', '1\u202f234,5', 1234.5],
    ['de', '12,75', 12.75],
    ['de', '1234', 1234],
    ['en', '1,234.5', 1234.5],
    ['zh', '1,234.5', 1234.5],
    ['en', '12.75', 12.75],
    ['en', '-3', -3],
    ['it', '2.500', 2500],
    ['en', ' 42 ', 42],
  ])('reads %s %j as %d', (language, text, value) => {
    expect(parseLocaleNumber(text, language)).toBe(value);
  });

  it.each([
    ['en', '1,5'],
    ['en', '1.234,5'],
    ['de', '1,234.5'],
    ['de', '12.5'],
    ['en', ''],
    ['en', 'ten'],
    ['en', '1e400'],
    ['de', '1..2'],
  ])('refuses %s %j', (language, text) => {
    expect(parseLocaleNumber(text, language)).toBeNull();
  });
});
