// The part of fontkit (pdfkit's font engine, no types of its own) that the invoice PDF uses.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
