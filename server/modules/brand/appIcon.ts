// The installed portal's icon (issue 40): a square in the organisation's primary colour with its
// logo in the middle, or the portal's own mark (the favicon's machine) when it has no logo. Logos
// are at most 250×42 px, so they fit unscaled; browsers want a square icon of at least 144 px.
import { PNG } from 'pngjs';
import { channels } from '../../../src/domain/colour.ts';

export const APP_ICON_PX = 256;

/** Paints `over` onto the icon at (left, top), blending by its alpha. */
function blend(icon: PNG, over: PNG, left: number, top: number) {
  for (let y = 0; y < over.height; y++) {
    for (let x = 0; x < over.width; x++) {
      const from = (y * over.width + x) * 4;
      const to = ((top + y) * icon.width + left + x) * 4;
      const alpha = (over.data[from + 3] ?? 0) / 255;
      for (let c = 0; c < 3; c++) {
        const under = icon.data[to + c] ?? 0;
        icon.data[to + c] = Math.round((over.data[from + c] ?? 0) * alpha + under * (1 - alpha));
      }
    }
  }
}

function fillRect(icon: PNG, rgb: number[], x0: number, y0: number, x1: number, y1: number) {
  for (let y = Math.round(y0); y < Math.round(y1); y++) {
    for (let x = Math.round(x0); x < Math.round(x1); x++) {
      const at = (y * icon.width + x) * 4;
      rgb.forEach((value, c) => (icon.data[at + c] = value));
    }
  }
}

/** The favicon's mark on a 16-unit grid: a track (3..13 × 11..13) and a cab (5..11 × 6..11). */
function drawMark(icon: PNG, rgb: number[]) {
  const unit = APP_ICON_PX / 16;
  fillRect(icon, rgb, 3 * unit, 11 * unit, 13 * unit, 13 * unit);
  fillRect(icon, rgb, 5 * unit, 6 * unit, 10 * unit, 11 * unit);
}

export function appIcon(
  colours: { background: string; text: string },
  logo: Buffer | null,
): Buffer {
  const icon = new PNG({ width: APP_ICON_PX, height: APP_ICON_PX });
  const background = channels(colours.background);
  for (let at = 0; at < icon.data.length; at += 4) {
    background.forEach((value, c) => (icon.data[at + c] = value));
    icon.data[at + 3] = 255;
  }
  let drawn = false;
  if (logo) {
    try {
      const picture = PNG.sync.read(logo);
      if (picture.width <= APP_ICON_PX && picture.height <= APP_ICON_PX) {
        blend(
          icon,
          picture,
          Math.floor((APP_ICON_PX - picture.width) / 2),
          Math.floor((APP_ICON_PX - picture.height) / 2),
        );
        drawn = true;
      }
    } catch {
      // A logo that no longer reads (it was checked on upload) leaves the portal's mark.
    }
  }
  if (!drawn) drawMark(icon, channels(colours.text));
  return PNG.sync.write(icon);
}
