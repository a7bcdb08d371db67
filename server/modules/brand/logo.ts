// An organisation's logo (spec point 5): a PNG by its bytes, whatever its name or declared type, at
// most 1,000,000 bytes, from 24×24 up to 250 wide and 42 high. Its size is read from the header
// and refused before anything decodes it; then it is decoded whole in a worker (capped in memory
// and time) so a file that only starts like a PNG is refused too. A larger logo is refused, not
// scaled: the admin sees the rule and keeps control of how the logo looks.
import { HttpError, unsupportedMediaType } from '../../httpError.ts';
import { decodePng } from '../../images/decodeImage.ts';
import { readImageHeader } from '../../images/imageHeader.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import { LOGO_LIMITS } from '../../../src/domain/brand.ts';

export function logoTooLarge(): never {
  throw new HttpError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The logo is larger than ${LOGO_LIMITS.maxBytes} bytes`,
    'logoFile',
  );
}

export async function checkLogo(bytes: Buffer): Promise<{ widthPx: number; heightPx: number }> {
  if (bytes.length > LOGO_LIMITS.maxBytes) logoTooLarge();
  const unsupported = () =>
    unsupportedMediaType('logoFile', 'The logo must be a PNG image (only png is accepted)');
  let header;
  try {
    header = readImageHeader(bytes, 'logoFile', {
      types: ['png'],
      minPx: LOGO_LIMITS.minPx,
      maxWidthPx: LOGO_LIMITS.maxWidthPx,
      maxHeightPx: LOGO_LIMITS.maxHeightPx,
      maxPixels: LOGO_LIMITS.maxWidthPx * LOGO_LIMITS.maxHeightPx,
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 415) throw unsupported();
    throw error;
  }
  const decoded = await decodePng(bytes);
  if (!decoded || decoded.widthPx !== header.widthPx || decoded.heightPx !== header.heightPx)
    throw unsupported();
  return decoded;
}
