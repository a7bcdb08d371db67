// An organisation's logo (spec point 5): a PNG by its bytes, whatever its name or declared type,
// decoded whole so a file that only starts like a PNG is refused; at most 1,000,000 bytes; from
// 24×24 up to 250 wide and 42 high. A larger logo is refused, not scaled: the admin sees the rule
// and keeps control of how the logo looks.
import { PNG } from 'pngjs';
import { HttpError, unsupportedMediaType } from '../../httpError.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import { LOGO_LIMITS } from '../../../src/domain/brand.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function logoTooLarge(): never {
  throw new HttpError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The logo is larger than ${LOGO_LIMITS.maxBytes} bytes`,
    'logoFile',
  );
}

export function checkLogo(bytes: Buffer): { widthPx: number; heightPx: number } {
  if (bytes.length > LOGO_LIMITS.maxBytes) logoTooLarge();
  const unsupported = () =>
    unsupportedMediaType('logoFile', 'The logo must be a PNG image (only png is accepted)');
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw unsupported();
  let image: PNG;
  try {
    image = PNG.sync.read(bytes);
  } catch {
    throw unsupported();
  }
  const { width, height } = image;
  if (width < LOGO_LIMITS.minPx || height < LOGO_LIMITS.minPx) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      `The logo is ${width}×${height} px; it must be at least ${LOGO_LIMITS.minPx}×${LOGO_LIMITS.minPx}`,
      'logoFile',
    );
  }
  if (width > LOGO_LIMITS.maxWidthPx || height > LOGO_LIMITS.maxHeightPx) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      `The logo is ${width}×${height} px; it may be at most ${LOGO_LIMITS.maxWidthPx} wide and ${LOGO_LIMITS.maxHeightPx} high`,
      'logoFile',
    );
  }
  return { widthPx: width, heightPx: height };
}
