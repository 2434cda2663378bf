import sharp, { type Metadata } from 'sharp';
import { DomainError } from '../../domain/errors.js';

/*
 * The CPU side of an upload: checks and WebP variants, from bytes to bytes. It runs in the image
 * worker process (image-worker.ts), away from the process that serves requests.
 */

/** Widths every stored image is kept at, as WebP. The client builds srcset from these. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The spec's hint ("jusqu'à 10MB") made true. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 12 MP photos are welcome; anything past 40 MP is refused before its pixels are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Nor a side longer than WebP can hold (16,383 px): a 77 KB PNG of 1 × 40,000,000 px passed the
 * pixel count, held the one image worker for over 20 s decoding a strip, then failed anyway.
 */
export const MAX_IMAGE_SIDE = 16_383;

export const IMAGE_MESSAGES = {
  notAnImage: "Le fichier n'est pas une image valide (JPEG, PNG, GIF ou WebP).",
  tooBig: "L'image dépasse la taille maximale de 10 Mo.",
  tooManyPixels: "L'image est trop grande (40 mégapixels au plus).",
  sideTooLong: "L'image est trop longue ou trop large (16 383 pixels de côté au plus).",
  hiddenData: "Le fichier contient autre chose qu'une image.",
  busy: 'Trop d’images sont en cours de traitement, réessayez dans un instant.',
  failed: "L'image n'a pas pu être traitée, réessayez.",
} as const;

export const invalidImage = (code: string, message: string) => new DomainError('invalid', code, message);

type Format = 'jpeg' | 'png' | 'gif' | 'webp';

/** The format from the first bytes (the name and the declared type are not believed). */
export function sniffFormat(b: Buffer): Format | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const EOCD = Buffer.from('PK\x05\x06', 'latin1');

/**
 * A ZIP archive ends with its end-of-central-directory record, whose comment runs to the file's
 * last byte. Finding one that fits exactly means the "image" is also an archive (a polyglot).
 */
export function hasZipTrailer(b: Buffer): boolean {
  const from = Math.max(0, b.length - 22 - 0xffff);
  for (let at = b.lastIndexOf(EOCD); at >= from; at = at > 0 ? b.lastIndexOf(EOCD, at - 1) : -1) {
    if (at + 22 <= b.length && at + 22 + b.readUInt16LE(at + 20) === b.length) return true;
  }
  return false;
}

/** The checks that need no decoding: size, format from the bytes, no archive behind the image. */
export function checkUpload(input: Buffer): Format {
  if (input.byteLength > MAX_UPLOAD_BYTES) throw invalidImage('IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooBig);
  const format = sniffFormat(input);
  if (!format) throw invalidImage('IMAGE_INVALID', IMAGE_MESSAGES.notAnImage);
  if (hasZipTrailer(input)) throw invalidImage('IMAGE_POLYGLOT', IMAGE_MESSAGES.hiddenData);
  return format;
}

export interface Variant {
  width: ImageWidth;
  data: Buffer;
  actualWidth: number;
  actualHeight: number;
}

/**
 * Checks an upload and turns it into the WebP widths: format from the bytes, pixels bounded before
 * decoding, EXIF orientation applied, metadata dropped (sharp writes none unless asked).
 */
export async function makeVariants(input: Buffer): Promise<Variant[]> {
  const format = checkUpload(input);
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so a huge one is measured before it costs anything.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage('IMAGE_INVALID', IMAGE_MESSAGES.notAnImage);
  }
  if (meta.format !== format || !meta.width || !meta.height) {
    throw invalidImage('IMAGE_INVALID', IMAGE_MESSAGES.notAnImage);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw invalidImage('IMAGE_TOO_MANY_PIXELS', IMAGE_MESSAGES.tooManyPixels);
  }
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) {
    throw invalidImage('IMAGE_SIDE_TOO_LONG', IMAGE_MESSAGES.sideTooLong);
  }
  try {
    // Decoded once (strictly: a truncated or corrupt file fails here), oriented, and brought down
    // to the largest width (JPEG shrink-on-load does most of that while decoding); the smaller
    // widths are made from those pixels, not from the file again.
    const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
    const { data: pixels, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
    })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const out: Variant[] = [];
    for (const width of IMAGE_WIDTHS) {
      const { data, info: size } = await sharp(pixels, raw)
        .resize({ width, withoutEnlargement: true })
        // Effort 2 encodes about 3x faster than the default 4 for files ~10% larger.
        .webp({ quality: 78, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      out.push({ width, data, actualWidth: size.width, actualHeight: size.height });
    }
    return out;
  } catch {
    throw invalidImage('IMAGE_INVALID', IMAGE_MESSAGES.notAnImage);
  }
}
