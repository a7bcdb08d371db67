// Hex colours and WCAG contrast: black on white (21), the grey pair either side of AA that
// WebAIM's checker shows (#767676 4.54, #777777 4.48), red (4.0), and the brand defaults.
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  failsAaContrast,
  isHexColour,
  relativeLuminance,
} from '../../src/domain/colour.ts';

describe('hex colours (spec point 5)', () => {
  it('takes # with 3 or 6 hex digits, in either case', () => {
    for (const good of ['#fff', '#FFFFFF', '#212d40', '#0857B2', '#aBc']) {
      expect(isHexColour(good)).toBe(true);
    }
    for (const bad of ['fff', '#ffff', '#12345', '#1234567', '#ggg', '', '# fff', 'red']) {
      expect(isHexColour(bad)).toBe(false);
    }
  });
});

describe('WCAG contrast', () => {
  it('gives the luminance of black, white and a mid grey', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#777777')).toBeCloseTo(0.1845, 4);
  });

  it.each([
    ['#000000', '#FFFFFF', 21],
    ['#FFFFFF', '#777777', 4.48],
    ['#FFFFFF', '#767676', 4.54],
    ['#0857B2', '#FFFFFF', 6.96],
    ['#212d40', '#FFFFFF', 13.92],
    ['#FF0000', '#FFFFFF', 4.0],
    ['#abc', '#aabbcc', 1],
  ])('%s on %s is %s:1', (background, text, ratio) => {
    expect(contrastRatio(background, text)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(text, background)).toBeCloseTo(ratio, 1);
  });

  it('warns below 4.5 only, and never about an invalid colour', () => {
    expect(failsAaContrast('#FFFFFF', '#777777')).toBe(true);
    expect(failsAaContrast('#FFFFFF', '#767676')).toBe(false);
    expect(failsAaContrast('#FFFFFF', '#77')).toBe(false);
  });
});
