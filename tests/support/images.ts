import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Real image files for upload tests and the image benchmark, made with sharp (or byte by byte
 * where the point is a malformed or hostile file).
 */

/** A photo-like picture (gradients, shapes, grain): compresses like a camera JPEG, not like a flat colour. */
export async function photoJpeg(
  options: { width?: number; height?: number; orientation?: number; quality?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 4000;
  const height = options.height ?? 3000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2f6b3a"/><stop offset="0.5" stop-color="#c9a646"/><stop offset="1" stop-color="#3a4f8f"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${Array.from({ length: 40 }, (_, i) => {
      const cx = ((i * 7919) % 97) / 97;
      const cy = ((i * 104729) % 89) / 89;
      return `<circle cx="${Math.round(cx * width)}" cy="${Math.round(cy * height)}" r="${Math.round(width / (8 + (i % 9)))}" fill="hsl(${(i * 37) % 360},60%,${35 + (i % 5) * 8}%)" fill-opacity="0.55"/>`;
    }).join('')}
  </svg>`;
  // Sensor grain, so the file weighs what a camera's does (a few MB at 12 MP).
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const base = await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .png({ compressionLevel: 0 })
    .toBuffer();
  let image = sharp(base).jpeg({ quality: options.quality ?? 88 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return await image.toBuffer();
}

export async function smallPng(width = 300, height = 200): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
}

export const svgFile = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);

export const textFile = Buffer.from('Ceci est un simple fichier texte renommé en photo.jpg\n'.repeat(20));

/** A ZIP archive with one stored (uncompressed) file. */
export function zipArchive(name = 'payload.txt', content = Buffer.from('hidden payload')): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + content.length, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/**
 * A valid JPEG followed by a ZIP archive: image viewers show the picture, unzip finds the files.
 * The archive's offsets are relative to its own start, as in such polyglots made by `cat`.
 */
export async function jpegZipPolyglot(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, zipArchive()]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1-bit greyscale PNG of width × height (60 MP by default) that weighs a few KB: a decompression bomb. */
export function pixelBombPng(width = 10_000, height = 6_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** More than 10 MB: a real JPEG start padded with bytes. */
export async function oversizedFile(bytes = 11 * 1024 * 1024): Promise<Buffer> {
  const jpeg = await smallJpeg();
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length, 7)]);
}

export async function smallJpeg(): Promise<Buffer> {
  return await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a4f8f' } })
    .jpeg()
    .toBuffer();
}

/** The first half of a real JPEG. */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await photoJpeg({ width: 800, height: 600 });
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}
