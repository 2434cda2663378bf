import sharp, { type Metadata } from 'sharp';
import { DomainError } from '../domain/errors.js';
import type { Sql, Tx } from './db/client.js';

/** Widths every stored image is kept at, as WebP. The client builds srcset from these. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** 12 MP photos are welcome; anything past ~50 MP is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

// One libvips thread per operation: a big photo uses one core and leaves the other to requests.
sharp.concurrency(1);

let queue: Promise<unknown> = Promise.resolve();
/** Images are processed one at a time, in libuv's pool, never on the event loop. */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export const imageUrl = (id: string) => `/images/${id}`;

const notAnImage = () =>
  new DomainError('invalid', 'IMAGE_INVALID', "Le fichier n'est pas une image valide.");

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** Decodes, orients and re-encodes an upload into the WebP widths, then stores them in one transaction. */
export async function storeImage(
  sql: Sql,
  input: Buffer,
  originalName: string | null = null,
): Promise<StoredImage> {
  if (input.byteLength === 0) throw notAnImage();
  if (input.byteLength > MAX_UPLOAD_BYTES) {
    throw new DomainError('invalid', 'IMAGE_TOO_LARGE', "L'image dépasse la taille maximale de 25 Mo.");
  }
  const variants = await serialised(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch (error) {
      if (String(error).includes('pixel limit')) {
        throw new DomainError(
          'invalid',
          'IMAGE_TOO_LARGE',
          "L'image est trop grande (50 mégapixels au plus).",
        );
      }
      throw notAnImage();
    }
    if (
      !meta.width ||
      !meta.height ||
      !['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif'].includes(meta.format ?? '')
    ) {
      throw notAnImage();
    }
    if (meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw new DomainError('invalid', 'IMAGE_TOO_LARGE', "L'image est trop grande (50 mégapixels au plus).");
    }
    try {
      const out: { width: ImageWidth; data: Buffer; actualWidth: number; actualHeight: number }[] = [];
      for (const width of IMAGE_WIDTHS) {
        const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        out.push({ width, data, actualWidth: info.width, actualHeight: info.height });
      }
      return out;
    } catch {
      throw notAnImage();
    }
  });
  const largest = variants[variants.length - 1]!;
  const id = await sql.begin(async (tx) => {
    const [image] = await tx<{ id: string }[]>`
      insert into images (original_name, width, height)
      values (${originalName}, ${largest.actualWidth}, ${largest.actualHeight})
      returning id`;
    for (const v of variants) {
      await tx`
        insert into image_variants (image_id, width, bytes, data)
        values (${image!.id}, ${v.width}, ${v.data.byteLength}, ${v.data})`;
    }
    return image!.id;
  });
  return { id, url: imageUrl(id), width: largest.actualWidth, height: largest.actualHeight };
}

export async function readImageVariant(
  sql: Tx,
  id: string,
  width: number,
): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await sql<{ data: Buffer; contentType: string }[]>`
    select data, content_type from image_variants where image_id = ${id} and width = ${width}`;
  return row ?? null;
}
