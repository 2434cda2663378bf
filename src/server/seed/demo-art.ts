/**
 * Product pictures drawn here as SVG and rasterised by sharp: the demo catalogue ships no image
 * fetched from anywhere. Shapes only (no text), so no font is needed on the machine.
 */
export type ArtKind =
  | 'rat-trap'
  | 'bait-station'
  | 'mouse-traps'
  | 'bait'
  | 'hornet-trap'
  | 'wasp-trap'
  | 'suit'
  | 'gloves'
  | 'smoker'
  | 'frames'
  | 'spray'
  | 'bedbug-spray'
  | 'uv-lamp'
  | 'bottle';

const palettes: Record<ArtKind, [string, string, string]> = {
  'rat-trap': ['#e8f1ea', '#cfe3d4', '#2f6b45'],
  'bait-station': ['#e9eef6', '#cdd9ea', '#23406b'],
  'mouse-traps': ['#f3eee6', '#e4d8c4', '#7a5a2e'],
  bait: ['#f6e9ea', '#ecd0d3', '#8a2f3a'],
  'hornet-trap': ['#fbf3dc', '#f3e0a6', '#8a6410'],
  'wasp-trap': ['#fdf6d8', '#f6e79f', '#7d6a0e'],
  suit: ['#eef3f7', '#d6e2ec', '#3d5a73'],
  gloves: ['#f5eee7', '#e6d5c3', '#8a5a2b'],
  smoker: ['#eef0f1', '#d5dadd', '#4a5560'],
  frames: ['#fbf1df', '#f1dcb0', '#9a6a1a'],
  spray: ['#eaf4f4', '#cde6e6', '#1f6b6b'],
  'bedbug-spray': ['#f7eef0', '#ead7dc', '#a3243b'],
  'uv-lamp': ['#efeafa', '#d9cff3', '#4b3a8a'],
  bottle: ['#eef5e6', '#d7e8c4', '#4d6b23'],
};

function figure(kind: ArtKind, c: string): string {
  switch (kind) {
    case 'rat-trap':
      return `<rect x="150" y="330" width="500" height="150" rx="18" fill="#b98a57"/><rect x="150" y="330" width="500" height="30" rx="12" fill="#d3a772"/>
        <path d="M230 340 Q400 160 570 340" fill="none" stroke="${c}" stroke-width="18" stroke-linecap="round"/>
        <circle cx="400" cy="400" r="26" fill="${c}"/><rect x="260" y="395" width="280" height="10" fill="#7b5a35"/>`;
    case 'bait-station':
      return `<rect x="170" y="260" width="460" height="240" rx="36" fill="${c}"/><rect x="170" y="260" width="460" height="70" rx="30" fill="#2d5286"/>
        <rect x="200" y="400" width="90" height="70" rx="35" fill="#0f1f36"/><rect x="510" y="400" width="90" height="70" rx="35" fill="#0f1f36"/>
        <circle cx="400" cy="295" r="16" fill="#e8eef7"/>`;
    case 'mouse-traps':
      return [0, 1, 2]
        .map(
          (
            i,
          ) => `<g transform="translate(${150 + i * 170} ${300 - i * 20})"><rect width="150" height="220" rx="12" fill="#c99a62"/>
        <rect x="20" y="30" width="110" height="10" fill="${c}"/><path d="M30 60 Q75 -10 120 60" fill="none" stroke="#555" stroke-width="8"/></g>`,
        )
        .join('');
    case 'bait':
      return `<rect x="230" y="220" width="340" height="290" rx="30" fill="${c}"/><rect x="230" y="220" width="340" height="60" rx="26" fill="#6d2430"/>
        ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${270 + (i % 3) * 95}" y="${320 + Math.floor(i / 3) * 90}" width="70" height="60" rx="12" fill="#d98a95"/>`).join('')}`;
    case 'hornet-trap':
    case 'wasp-trap':
      return `<path d="M300 240 h200 l40 260 h-280z" fill="#ffffffcc" stroke="${c}" stroke-width="10"/><rect x="290" y="210" width="220" height="40" rx="10" fill="${c}"/>
        <path d="M330 430 h140 l14 70 h-168z" fill="#f2c14e"/><line x1="400" y1="120" x2="400" y2="210" stroke="${c}" stroke-width="8"/>
        <g transform="translate(560 250) rotate(20)"><ellipse rx="42" ry="22" fill="${kind === 'hornet-trap' ? '#3b2a12' : '#f2c14e'}"/>
        <rect x="-10" y="-22" width="10" height="44" fill="#222"/><rect x="12" y="-20" width="9" height="40" fill="#222"/>
        <ellipse cx="-6" cy="-30" rx="26" ry="12" fill="#ffffffb0"/></g>`;
    case 'suit':
      return `<circle cx="400" cy="190" r="78" fill="#f7f7f2" stroke="${c}" stroke-width="8"/><rect x="340" y="160" width="120" height="70" rx="16" fill="#2b2b2b" opacity=".75"/>
        <path d="M300 270 h200 l60 240 h-90 l-30 -150 l-30 150 h-90z" fill="#f7f7f2" stroke="${c}" stroke-width="8"/>
        <path d="M300 280 l-90 150 l40 20 l80 -120z M500 280 l90 150 l-40 20 l-80 -120z" fill="#f7f7f2" stroke="${c}" stroke-width="8"/>`;
    case 'gloves':
      return `<g transform="rotate(-12 330 380)"><rect x="260" y="300" width="140" height="230" rx="40" fill="#d8b07a"/><rect x="260" y="470" width="140" height="90" rx="10" fill="#f4efe2"/>
        ${[0, 1, 2, 3].map((i) => `<rect x="${262 + i * 35}" y="210" width="30" height="120" rx="15" fill="#d8b07a"/>`).join('')}</g>
        <g transform="rotate(12 480 380)"><rect x="420" y="300" width="140" height="230" rx="40" fill="#c99a5f"/><rect x="420" y="470" width="140" height="90" rx="10" fill="#efe7d4"/>
        ${[0, 1, 2, 3].map((i) => `<rect x="${422 + i * 35}" y="210" width="30" height="120" rx="15" fill="#c99a5f"/>`).join('')}</g>`;
    case 'smoker':
      return `<rect x="300" y="260" width="180" height="250" rx="20" fill="#b7c0c7" stroke="${c}" stroke-width="8"/><path d="M300 260 q90 -90 180 0z" fill="#9aa5ad" stroke="${c}" stroke-width="8"/>
        <path d="M390 175 q-10 -50 30 -80 q-30 40 10 70" fill="#d9dde0"/><rect x="490" y="330" width="110" height="150" rx="14" fill="#8b5a2b"/>
        <circle cx="360" cy="140" r="30" fill="#e6e9eb" opacity=".8"/><circle cx="420" cy="95" r="22" fill="#e6e9eb" opacity=".6"/>`;
    case 'frames':
      return [0, 1, 2]
        .map(
          (
            i,
          ) => `<g transform="translate(${190 + i * 50} ${200 + i * 40})"><rect width="360" height="240" fill="#d7a85a" stroke="#8a5f1e" stroke-width="12"/>
        <rect x="20" y="20" width="320" height="200" fill="#f6d98c"/>
        ${[0, 1, 2, 3].map((j) => `<line x1="20" y1="${60 + j * 40}" x2="340" y2="${60 + j * 40}" stroke="#b58a3a" stroke-width="3"/>`).join('')}</g>`,
        )
        .join('');
    case 'spray':
      return `<rect x="330" y="240" width="140" height="280" rx="30" fill="${c}"/><rect x="350" y="190" width="100" height="60" rx="10" fill="#9bb"/>
        <rect x="380" y="150" width="60" height="45" rx="8" fill="#333"/><rect x="440" y="160" width="40" height="14" fill="#333"/>
        <rect x="330" y="320" width="140" height="110" fill="#ffffff" opacity=".85"/><circle cx="400" cy="375" r="30" fill="${c}" opacity=".7"/>
        ${[0, 1, 2].map((i) => `<circle cx="${520 + i * 30}" cy="${160 - i * 15}" r="${10 - i * 2}" fill="${c}" opacity=".5"/>`).join('')}`;
    case 'bedbug-spray':
      // A white trigger-pump bottle with a red band and head, misting to the left.
      return `<path d="M340 250 h120 l20 50 v200 q0 20 -20 20 h-120 q-20 0 -20 -20 v-200z" fill="#fbfbfb" stroke="#d9c9cd" stroke-width="6"/>
        <rect x="320" y="330" width="160" height="120" fill="${c}"/><circle cx="400" cy="390" r="36" fill="#fff"/>
        <ellipse cx="400" cy="390" rx="18" ry="24" fill="#6b2a1f"/><path d="M382 372 l-16 -12 M418 372 l16 -12 M380 392 h-22 M420 392 h22 M382 410 l-16 12 M418 410 l16 12" stroke="#6b2a1f" stroke-width="4"/>
        <line x1="360" y1="380" x2="440" y2="400" stroke="${c}" stroke-width="7"/>
        <rect x="365" y="200" width="70" height="55" rx="8" fill="${c}"/><path d="M365 205 h-70 l-20 22 h90z" fill="${c}"/>
        <path d="M380 255 q-10 40 -40 60" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/>
        ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${240 - i * 28}" cy="${216 + ((i * 37) % 50) - 20}" r="${9 - i}" fill="${c}" opacity=".35"/>`).join('')}`;
    case 'uv-lamp':
      return `<rect x="220" y="230" width="360" height="250" rx="24" fill="#2e2e3a"/>
        ${[0, 1, 2, 3, 4].map((i) => `<rect x="${250 + i * 66}" y="260" width="36" height="190" rx="18" fill="#9f8cf0"/>`).join('')}
        <rect x="220" y="230" width="360" height="250" rx="24" fill="url(#glow)" opacity=".35"/><rect x="360" y="170" width="80" height="60" rx="10" fill="#444"/>`;
    case 'bottle':
      return `<path d="M350 200 h100 v60 q60 30 60 100 v150 q0 30 -30 30 h-160 q-30 0 -30 -30 v-150 q0 -70 60 -100z" fill="${c}"/>
        <rect x="360" y="160" width="80" height="50" rx="8" fill="#2b3d14"/><rect x="310" y="360" width="180" height="110" rx="10" fill="#ffffff" opacity=".9"/>
        <path d="M400 380 q30 25 0 70 q-30 -45 0 -70z" fill="#6f9a35"/>`;
  }
}

/** What a product is used against or for, drawn beside it in the "in use" picture. */
function companion(kind: ArtKind): string {
  const rodent = (scale: number) =>
    `<g transform="translate(610 470) scale(${scale})"><ellipse rx="70" ry="38" fill="#6f6259"/><circle cx="-70" cy="-14" r="30" fill="#6f6259"/>
      <circle cx="-80" cy="-40" r="14" fill="#9a8a7f"/><circle cx="-92" cy="-16" r="4" fill="#111"/>
      <path d="M68 8 q70 10 90 -30" fill="none" stroke="#8a7b70" stroke-width="7" stroke-linecap="round"/></g>`;
  const insect = (body: string, wings = true) =>
    `<g transform="translate(620 200) rotate(-15)"><ellipse rx="46" ry="22" fill="${body}"/>
      <rect x="-8" y="-22" width="9" height="44" fill="#222"/><rect x="14" y="-20" width="8" height="40" fill="#222"/>
      <circle cx="-52" cy="0" r="16" fill="#3a2a10"/>${wings ? '<ellipse cx="-6" cy="-34" rx="30" ry="13" fill="#ffffffb8"/>' : ''}</g>`;
  switch (kind) {
    case 'rat-trap':
    case 'bait-station':
    case 'bait':
      return rodent(1);
    case 'mouse-traps':
      return rodent(0.6);
    case 'hornet-trap':
      return insect('#3b2a12');
    case 'wasp-trap':
    case 'spray':
      return insect('#f2c14e');
    case 'bedbug-spray':
      return `<g transform="translate(620 440)"><rect x="-150" y="-40" width="300" height="90" rx="16" fill="#f3f0ea"/><rect x="-150" y="-70" width="110" height="40" rx="14" fill="#fff"/>
        <ellipse cx="40" cy="-46" rx="16" ry="11" fill="#7a3324"/><ellipse cx="80" cy="-44" rx="12" ry="8" fill="#7a3324"/></g>`;
    case 'suit':
    case 'gloves':
    case 'smoker':
    case 'frames':
      return `<g transform="translate(600 330)"><rect x="-90" y="0" width="180" height="170" fill="#e3b35c"/><rect x="-90" y="50" width="180" height="8" fill="#b8872f"/>
        <rect x="-90" y="110" width="180" height="8" fill="#b8872f"/><path d="M-110 0 h220 l-30 -50 h-160z" fill="#8a5f1e"/><rect x="-20" y="140" width="40" height="12" rx="6" fill="#3a2a10"/>
        ${[0, 1, 2].map((i) => `<ellipse cx="${-40 + i * 50}" cy="${-90 - i * 20}" rx="12" ry="7" fill="#f2c14e"/>`).join('')}</g>`;
    case 'uv-lamp':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<g transform="translate(${560 + i * 40} ${140 + (i % 2) * 40})"><ellipse rx="12" ry="8" fill="#222"/><ellipse cx="-3" cy="-9" rx="10" ry="5" fill="#ffffffb0"/></g>`,
        )
        .join('');
    case 'bottle':
      return `<g transform="translate(610 420)">${[0, 1, 2, 3, 4, 5, 6, 7]
        .map(
          (i) => `<ellipse rx="16" ry="40" fill="#f5f0d8" transform="rotate(${i * 45}) translate(0 -40)"/>`,
        )
        .join('')}<circle r="24" fill="#f2c14e"/></g>`;
  }
}

/**
 * An 800×600 SVG picture of a product kind. Variant 0 is the product on its own; the additional
 * pictures differ in what they show, not just in framing: 1 the product in use beside what it is
 * for (a rat, a hornet, a hive, a bed...), 2 its packaging.
 */
export function productArt(kind: ArtKind, variant = 0): string {
  const [bg1, bg2, accent] = palettes[kind];
  const view = variant % 3;
  let body: string;
  if (view === 1) {
    body = `<rect y="420" width="800" height="180" fill="#c9a77c"/>${[0, 1, 2, 3].map((i) => `<line x1="0" y1="${450 + i * 40}" x2="800" y2="${450 + i * 40}" stroke="#b08d62" stroke-width="3"/>`).join('')}
      <rect x="60" y="70" width="170" height="130" rx="8" fill="#ffffff" opacity=".55"/><line x1="145" y1="70" x2="145" y2="200" stroke="#fff" stroke-width="6"/>
      <g transform="translate(40 160) scale(.72)">${figure(kind, accent)}</g>${companion(kind)}`;
  } else if (view === 2) {
    body = `<path d="M220 170 l180 -60 l180 60 v320 l-180 60 l-180 -60z" fill="${accent}"/><path d="M400 110 l180 60 l-180 60 l-180 -60z" fill="#ffffff" opacity=".25"/>
      <path d="M400 230 v320 l180 -60 v-320z" fill="#000" opacity=".18"/>
      <rect x="240" y="260" width="140" height="150" rx="10" fill="#fff" transform="skewY(18) translate(0 -90)"/>
      <g transform="translate(218 130) scale(.42)">${figure(kind, accent)}</g>
      <rect x="250" y="460" width="110" height="16" rx="8" fill="#fff" opacity=".8"/>`;
  } else {
    body = `<circle cx="640" cy="110" r="150" fill="#ffffff" opacity=".35"/>
      <ellipse cx="400" cy="540" rx="260" ry="26" fill="#000" opacity=".08"/>${figure(kind, accent)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#c8b8ff"/><stop offset="1" stop-color="#c8b8ff" stop-opacity="0"/></radialGradient></defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  ${body}
</svg>`;
}
