import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** Longest side of a stored image; a phone photo is shrunk, a small image is kept as it is. */
export const MAX_IMAGE_SIDE = 1600;

/** Longest side of the thumbnail variant (listing cards, basket lines). */
export const THUMB_IMAGE_SIDE = 400;

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((value, index) => bytes[offset + index] === value);
}

/**
 * The format the file's first bytes declare, whatever its name or the browser's content type
 * say: a renamed text file must not pass as a picture.
 */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface ConvertedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes to WebP no larger than MAX_IMAGE_SIDE. Turning by the EXIF orientation first and
 * dropping all metadata means a photo shows the right way up and carries no location. Throws when
 * the bytes are not a decodable image.
 */
export async function convertToWebp(bytes: Buffer, maxSide = MAX_IMAGE_SIDE, quality = 82): Promise<ConvertedImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The full image (up to MAX_IMAGE_SIDE) and its thumbnail (up to THUMB_IMAGE_SIDE), both WebP.
 * The thumbnail is made from the already shrunk full image, which is cheaper than decoding the
 * original twice.
 */
export async function convertToWebpVariants(bytes: Buffer): Promise<{ full: ConvertedImage; thumb: ConvertedImage }> {
  const full = await convertToWebp(bytes);
  const thumb = await convertToWebp(full.data, THUMB_IMAGE_SIDE, 78);
  return { full, thumb };
}
