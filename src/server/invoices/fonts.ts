/**
 * The invoice PDF's fonts, and which one prints each character. DejaVu Sans subset to Latin
 * (assets/fonts) prints nearly every document fast; a name or a product title in another script
 * falls back to the whole DejaVu Sans (Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic…, npm
 * package dejavu-fonts-ttf), then to UnifontEX (every other character of the Basic Multilingual
 * Plane, CJK included, npm package @fontsource/unifontex). A fallback font is embedded only in a
 * document that uses it, so a Latin invoice costs what it did (docs/decisions/030).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { projectRoot } from '../paths.js';

const require = createRequire(import.meta.url);

export type FontStyle = 'body' | 'bold';

interface Face {
  /** The name the document registers it under. */
  name: string;
  bytes: Buffer;
  font: fontkit.Font;
}

const face = (name: string, file: string): Face => {
  const read = readFileSync(file);
  const bytes = file.endsWith('.woff') ? woffToSfnt(read) : read;
  return { name, bytes, font: fontkit.create(bytes) };
};

/**
 * A WOFF 1.0 font unpacked to its TrueType bytes (W3C WOFF File Format 1.0, §4-5: the same tables,
 * each zlib-compressed). Done once per process: fontkit reads a WOFF by inflating a table again on
 * every access, which made one Chinese name cost seconds; the unpacked font costs milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < original ? inflateSync(raw) : raw,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: the sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const entry = 12 + i * 16;
    t.tag.copy(header, entry);
    header.writeUInt32BE(t.checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(t.data.length, entry + 12);
    const pad = (4 - (t.data.length % 4)) % 4;
    parts.push(t.data, Buffer.alloc(pad));
    offset += t.data.length + pad;
  });
  return Buffer.concat(parts);
}

let chains: Record<FontStyle, Face[]> | null = null;
let loadedFallbacks = false;

/** The fonts of each style, first choice first; the fallbacks are read on first need. */
function chain(style: FontStyle, withFallbacks: boolean): Face[] {
  chains ??= {
    body: [face('body', path.join(projectRoot, 'assets/fonts/DejaVuSans.ttf'))],
    bold: [face('bold', path.join(projectRoot, 'assets/fonts/DejaVuSans-Bold.ttf'))],
  };
  if (withFallbacks && !loadedFallbacks) {
    const unifont = face(
      'unifont',
      require.resolve('@fontsource/unifontex/files/unifontex-latin-400-normal.woff'),
    );
    chains.body.push(face('body-full', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), unifont);
    chains.bold.push(face('bold-full', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')), unifont);
    loadedFallbacks = true;
  }
  return chains[style];
}

/** The first-choice fonts, to register in every document. */
export const primaryFonts = (): Face[] => [chain('body', false)[0]!, chain('bold', false)[0]!];

/**
 * Characters a document never prints: C0 and C1 controls (the line feed aside) and the bidi
 * embedding, override and isolate controls, which would reverse or hide what follows.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to match them
const UNPRINTABLE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export interface Run {
  font: string;
  text: string;
}

/**
 * The text cut into runs, each with the first font of the style's chain that has all its
 * characters (a character no font has stays with the last font, which prints its missing glyph).
 */
export function fontRuns(style: FontStyle, raw: string, register: (face: Face) => void): Run[] {
  const text = raw.replace(UNPRINTABLE, '');
  const primary = chain(style, false)[0]!;
  let all = true;
  // A line break is no glyph: every font takes it (else it would start a fallback run).
  const lineBreak = (cp: number) => cp === 10;
  for (const ch of text) {
    if (!lineBreak(ch.codePointAt(0)!) && !primary.font.hasGlyphForCodePoint(ch.codePointAt(0)!)) {
      all = false;
      break;
    }
  }
  if (all) return [{ font: primary.name, text }];
  const faces = chain(style, true);
  const runs: Run[] = [];
  let current: Face | null = null;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // A character the current run's font has stays in it (spaces, punctuation between words).
    const f: Face =
      current && (lineBreak(cp) || current.font.hasGlyphForCodePoint(cp))
        ? current
        : (faces.find((x) => x.font.hasGlyphForCodePoint(cp)) ?? faces.at(-1)!);
    const last = runs.at(-1);
    if (last && current === f) last.text += ch;
    else {
      register(f);
      runs.push({ font: f.name, text: ch });
      current = f;
    }
  }
  return runs;
}
