// The one rule for every image the portal accepts (logos, machine pictures, photos to come): its
// type from its bytes and its size from its header, read before anything decodes it, so a small
// file that claims 16000×16000 pixels is refused in microseconds rather than decoded into a
// gigabyte of memory on the server's thread.
import { imageSize } from 'image-size';
import { badRequest, unsupportedMediaType } from '../httpError.ts';

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

export interface ImageLimits {
  /** The types accepted, by their bytes; the declared type and the name are not trusted. */
  types: readonly ImageType[];
  maxWidthPx: number;
  maxHeightPx: number;
  /** Width × height: bounds the memory any decoder (the server's or a browser's) needs. */
  maxPixels: number;
  minPx?: number;
}

export interface ImageHeader {
  type: ImageType;
  contentType: (typeof IMAGE_TYPES)[ImageType];
  widthPx: number;
  heightPx: number;
}

const typeNames = (types: readonly ImageType[]) =>
  types.map((type) => (type === 'jpg' ? 'JPEG' : type.toUpperCase())).join(', ');

/** The image's type and size, or a 415 (not an accepted image) or 400 (too large) naming the field. */
export function readImageHeader(bytes: Buffer, field: string, limits: ImageLimits): ImageHeader {
  const unsupported = () =>
    unsupportedMediaType(field, `Only ${typeNames(limits.types)} images are accepted`);
  let size: { width: number; height: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw unsupported();
  }
  const type = limits.types.find((accepted) => accepted === size.type);
  if (!type || !(size.width > 0) || !(size.height > 0)) throw unsupported();
  const { width, height } = size;
  const minPx = limits.minPx ?? 1;
  if (width < minPx || height < minPx)
    throw badRequest(
      field,
      `The image is ${width}×${height} px; it must be at least ${minPx}×${minPx}`,
    );
  if (width > limits.maxWidthPx || height > limits.maxHeightPx || width * height > limits.maxPixels)
    throw badRequest(
      field,
      `The image is ${width}×${height} px; it may be at most ${limits.maxWidthPx} wide, ` +
        `${limits.maxHeightPx} high and ${limits.maxPixels.toLocaleString('en')} pixels in all`,
    );
  return { type, contentType: IMAGE_TYPES[type], widthPx: width, heightPx: height };
}
