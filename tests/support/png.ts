// Real PNG files of a chosen size, for the logo rules: one colour, or noise (from a fixed seed) that
// does not compress, to make a file too big.
import { PNG } from 'pngjs';

export function pngOf(
  widthPx: number,
  heightPx: number,
  options: { noisy?: boolean } = {},
): Buffer {
  const image = new PNG({ width: widthPx, height: heightPx });
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed & 0xff;
  };
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = options.noisy ? next() : 0x08;
    image.data[i + 1] = options.noisy ? next() : 0x57;
    image.data[i + 2] = options.noisy ? next() : 0xb2;
    image.data[i + 3] = 0xff;
  }
  return PNG.sync.write(image);
}
