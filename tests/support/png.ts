// Real PNG files of a chosen size, for the logo rules: one colour, or noise (from a fixed seed) that
// does not compress, to make a file too big.
import { crc32, deflateSync } from 'node:zlib';
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

/**
 * A small, valid PNG whose header claims a huge size: one-bit grey, all zero, so a few tens of
 * kilobytes inflate to width × height pixels. Decoding it whole is what froze the server.
 */
export function pngClaiming(widthPx: number, heightPx: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(widthPx, 0);
  header.writeUInt32BE(heightPx, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // grey
  // Each row: its filter byte and one bit a pixel, all zero.
  const raw = Buffer.alloc((Math.ceil(widthPx / 8) + 1) * heightPx);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
