/**
 * Our own artwork: stylised SVG drawings of the pests, tools and places of the business. No image
 * is fetched from elsewhere; every SVG has a fixed viewBox plus width/height, so nothing shifts.
 */
import { useId } from 'react';

export type PestKind =
  | 'rat'
  | 'wasp'
  | 'hornet'
  | 'bee'
  | 'cockroach'
  | 'bedbug'
  | 'caterpillar'
  | 'fly'
  | 'midge'
  | 'coypu'
  | 'lamp'
  | 'parcel'
  | 'letter'
  | 'trap'
  | 'pole'
  | 'hive'
  | 'spray'
  | 'window';

export type SceneKind =
  | 'house'
  | 'kitchen'
  | 'barn'
  | 'van'
  | 'tree'
  | 'roof'
  | 'garden'
  | 'meadow'
  | 'river'
  | 'forest'
  | 'shop';

function Striped({
  id,
  cx,
  cy,
  rx,
  ry,
  base,
  band,
  bands,
}: {
  id: string;
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  base: string;
  band: string;
  bands: number[];
}) {
  return (
    <>
      <clipPath id={id}>
        <ellipse cx={cx} cy={cy} rx={rx} ry={ry} />
      </clipPath>
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill={base} />
      <g clipPath={`url(#${id})`} fill={band}>
        {bands.map((x) => (
          <rect key={x} x={x} y={cy - ry} width={rx / 3.2} height={ry * 2} />
        ))}
      </g>
    </>
  );
}

/** The drawing itself, in a 64 × 64 box. */
function Glyph({ kind }: { kind: PestKind }) {
  const id = useId().replace(/:/g, '');
  switch (kind) {
    case 'rat':
      return (
        <g>
          <path d="M14 42 Q3 46 5 57" fill="none" stroke="#e3a3a3" strokeWidth="2.5" strokeLinecap="round" />
          <ellipse cx="29" cy="39" rx="17" ry="11" fill="#6b7280" />
          <ellipse cx="46" cy="35" rx="10" ry="7.5" fill="#6b7280" />
          <circle cx="43" cy="27.5" r="4.5" fill="#9ca3af" />
          <circle cx="43" cy="27.5" r="2.4" fill="#e3a3a3" />
          <circle cx="50" cy="32.5" r="1.4" fill="#111827" />
          <circle cx="56" cy="36" r="1.8" fill="#e3a3a3" />
          <path d="M55 37 l6 -2 M55 38 l6 1" stroke="#374151" strokeWidth="0.7" />
          <ellipse cx="22" cy="49.5" rx="4" ry="2" fill="#4b5563" />
          <ellipse cx="38" cy="49.5" rx="4" ry="2" fill="#4b5563" />
        </g>
      );
    case 'wasp':
    case 'hornet': {
      const hornet = kind === 'hornet';
      return (
        <g>
          <ellipse
            cx="26"
            cy="20"
            rx="11"
            ry="6"
            fill="#dbeafe"
            opacity="0.85"
            transform="rotate(-25 26 20)"
          />
          <ellipse
            cx="36"
            cy="19"
            rx="10"
            ry="5.5"
            fill="#bfdbfe"
            opacity="0.85"
            transform="rotate(20 36 19)"
          />
          <path
            d="M26 36 l-6 12 M31 37 l-2 13 M36 36 l4 12"
            stroke={hornet ? '#eab308' : '#1f2937'}
            strokeWidth="1.6"
            strokeLinecap="round"
          />
          <Striped
            id={`${id}-a`}
            cx={17}
            cy={36}
            rx={hornet ? 14 : 12}
            ry={hornet ? 9 : 7.5}
            base={hornet ? '#1f1712' : '#facc15'}
            band={hornet ? '#f59e0b' : '#1f2937'}
            bands={hornet ? [2] : [8, 15, 22]}
          />
          <ellipse cx="33" cy="32" rx="6.5" ry="6" fill={hornet ? '#3f2a1d' : '#1f2937'} />
          <circle cx="43" cy="30" r={hornet ? 6.5 : 5.5} fill={hornet ? '#f59e0b' : '#facc15'} />
          <circle cx="45" cy="28" r="2" fill="#111827" />
          <path d="M45 25 q4 -8 9 -9 M47 26 q6 -5 11 -4" fill="none" stroke="#1f2937" strokeWidth="1.3" />
        </g>
      );
    }
    case 'bee':
      return (
        <g>
          <ellipse
            cx="28"
            cy="20"
            rx="10"
            ry="7"
            fill="#e0f2fe"
            opacity="0.9"
            transform="rotate(-20 28 20)"
          />
          <ellipse cx="38" cy="20" rx="9" ry="6" fill="#bae6fd" opacity="0.9" transform="rotate(20 38 20)" />
          <Striped
            id={`${id}-b`}
            cx={30}
            cy={36}
            rx={16}
            ry={12}
            base="#fbbf24"
            band="#3b2513"
            bands={[20, 28, 36]}
          />
          <circle cx="48" cy="33" r="6.5" fill="#3b2513" />
          <circle cx="50" cy="31" r="1.6" fill="#fff" />
          <path d="M49 27 q3 -6 8 -6 M51 28 q5 -3 9 -1" fill="none" stroke="#3b2513" strokeWidth="1.3" />
          <path d="M13 36 l-4 0" stroke="#3b2513" strokeWidth="2" strokeLinecap="round" />
        </g>
      );
    case 'cockroach':
      return (
        <g stroke="#5b3416" strokeWidth="1.6" strokeLinecap="round" fill="none">
          <path d="M20 26 l-9 -6 M20 34 l-11 0 M22 42 l-9 8 M40 26 l9 -7 M40 34 l12 0 M38 42 l9 8" />
          <path d="M30 12 q-4 -8 -12 -10 M33 12 q4 -8 12 -10" strokeWidth="1" />
          <ellipse cx="30" cy="36" rx="12" ry="19" fill="#8b4513" stroke="none" />
          <path d="M30 20 v33" stroke="#5b3416" strokeWidth="1.2" />
          <ellipse cx="30" cy="17" rx="7" ry="5" fill="#a0522d" stroke="none" />
        </g>
      );
    case 'bedbug':
      return (
        <g>
          <path
            d="M18 30 l-8 -4 M17 38 l-9 1 M19 45 l-7 6 M46 30 l8 -4 M47 38 l9 1 M45 45 l7 6"
            stroke="#7c2d12"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
          <ellipse cx="32" cy="38" rx="15" ry="16" fill="#9a3412" />
          <path
            d="M19 34 q13 4 26 0 M18 41 q14 4 28 0 M20 48 q12 3 24 0"
            stroke="#7c2d12"
            strokeWidth="1.2"
            fill="none"
          />
          <ellipse cx="32" cy="20" rx="8" ry="5" fill="#c2410c" />
          <path d="M28 16 q-4 -6 -8 -7 M36 16 q4 -6 8 -7" stroke="#7c2d12" strokeWidth="1" fill="none" />
        </g>
      );
    case 'caterpillar':
      return (
        <g>
          {[10, 18, 26, 34, 42].map((x, i) => (
            <g key={x}>
              <path
                d={`M${x} ${34 - (i % 2) * 3} l-2 -7 M${x + 3} ${33 - (i % 2) * 3} l1 -8 M${x + 5} ${34 - (i % 2) * 3} l3 -6`}
                stroke="#d6d3d1"
                strokeWidth="1"
              />
              <circle cx={x + 3} cy={40 - (i % 2) * 3} r="6" fill={i % 2 ? '#92400e' : '#78350f'} />
              <circle cx={x + 3} cy={37 - (i % 2) * 3} r="1.4" fill="#f97316" />
            </g>
          ))}
          <circle cx="53" cy="36" r="6.5" fill="#1c1917" />
          <circle cx="55" cy="34" r="1.3" fill="#fafaf9" />
        </g>
      );
    case 'fly':
      return (
        <g>
          <ellipse
            cx="22"
            cy="22"
            rx="13"
            ry="7"
            fill="#e5e7eb"
            opacity="0.9"
            transform="rotate(-30 22 22)"
          />
          <ellipse cx="42" cy="22" rx="13" ry="7" fill="#d1d5db" opacity="0.9" transform="rotate(30 42 22)" />
          <path
            d="M26 42 l-7 9 M32 44 v10 M38 42 l7 9"
            stroke="#1f2937"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
          <ellipse cx="32" cy="36" rx="9" ry="12" fill="#374151" />
          <circle cx="32" cy="22" r="7" fill="#1f2937" />
          <circle cx="28" cy="21" r="3.3" fill="#b91c1c" />
          <circle cx="36" cy="21" r="3.3" fill="#b91c1c" />
        </g>
      );
    case 'midge':
      return (
        <g stroke="#44403c" strokeLinecap="round" fill="none">
          <ellipse
            cx="25"
            cy="26"
            rx="9"
            ry="4"
            fill="#f5f5f4"
            stroke="#d6d3d1"
            transform="rotate(-25 25 26)"
          />
          <ellipse
            cx="39"
            cy="26"
            rx="9"
            ry="4"
            fill="#f5f5f4"
            stroke="#d6d3d1"
            transform="rotate(25 39 26)"
          />
          <path d="M28 34 l-12 16 M32 36 l-3 20 M36 34 l12 16 M29 32 l-15 4 M35 32 l15 4" strokeWidth="1" />
          <path d="M32 22 v20" strokeWidth="4" stroke="#57534e" />
          <circle cx="32" cy="19" r="3" fill="#292524" stroke="none" />
        </g>
      );
    case 'coypu':
      return (
        <g>
          <path d="M10 44 q-6 6 -4 12" stroke="#57534e" strokeWidth="4" strokeLinecap="round" fill="none" />
          <ellipse cx="28" cy="40" rx="19" ry="13" fill="#78583a" />
          <ellipse cx="47" cy="34" rx="11" ry="9" fill="#8b6a47" />
          <circle cx="43" cy="26" r="3.5" fill="#5c4330" />
          <circle cx="49" cy="31" r="1.5" fill="#111827" />
          <rect x="54" y="38" width="4" height="6" rx="1" fill="#f97316" />
          <path d="M55 36 l8 -2 M55 37 l8 2" stroke="#e7e5e4" strokeWidth="0.7" />
          <ellipse cx="22" cy="52" rx="5" ry="2.5" fill="#5c4330" />
          <ellipse cx="38" cy="52" rx="5" ry="2.5" fill="#5c4330" />
        </g>
      );
    case 'lamp':
      return (
        <g>
          <rect x="8" y="14" width="48" height="36" rx="4" fill="#e5e7eb" stroke="#6b7280" strokeWidth="2" />
          <rect x="13" y="20" width="38" height="6" rx="3" fill="#a78bfa" />
          <rect x="13" y="38" width="38" height="6" rx="3" fill="#a78bfa" />
          <path
            d="M13 31 h38 M18 17 v30 M26 17 v30 M34 17 v30 M42 17 v30 M50 17 v30"
            stroke="#9ca3af"
            strokeWidth="0.8"
          />
          <circle cx="32" cy="32" r="22" fill="#8b5cf6" opacity="0.12" />
          <path d="M28 8 h8 M32 8 v6" stroke="#6b7280" strokeWidth="2" />
        </g>
      );
    case 'parcel':
      return (
        <g>
          <path d="M10 22 L32 12 L54 22 L54 48 L32 58 L10 48 Z" fill="#d6a55f" />
          <path d="M10 22 L32 32 L54 22 M32 32 V58" stroke="#9a6b2f" strokeWidth="1.5" fill="none" />
          <path d="M21 17 L43 27 V36 L38 34 V25 L16 15" fill="#fde68a" />
          <rect x="36" y="41" width="12" height="7" rx="1" fill="#fff" transform="rotate(-24 42 44)" />
        </g>
      );
    case 'letter':
      return (
        <g>
          <rect x="8" y="16" width="48" height="32" rx="3" fill="#f8fafc" stroke="#64748b" strokeWidth="2" />
          <path d="M9 18 L32 36 L55 18" stroke="#64748b" strokeWidth="2" fill="none" />
          <rect x="42" y="21" width="9" height="9" fill="#f59e0b" />
          <circle cx="20" cy="42" r="5" fill="#b91c1c" />
        </g>
      );
    case 'trap':
      return (
        <g>
          <rect x="8" y="26" width="48" height="24" rx="4" fill="#14532d" />
          <rect x="8" y="22" width="48" height="8" rx="3" fill="#166534" />
          <rect x="12" y="40" width="10" height="10" rx="2" fill="#052e16" />
          <rect x="42" y="40" width="10" height="10" rx="2" fill="#052e16" />
          <rect x="26" y="32" width="12" height="8" rx="1" fill="#fbbf24" />
          <path d="M29 36 h6" stroke="#14532d" strokeWidth="1.5" />
        </g>
      );
    case 'pole':
      return (
        <g>
          <path d="M12 60 L44 16" stroke="#1f2937" strokeWidth="3" strokeLinecap="round" />
          <path d="M12 60 L24 43" stroke="#4b5563" strokeWidth="5" strokeLinecap="round" />
          <ellipse cx="50" cy="12" rx="9" ry="10" fill="#d6c6a5" stroke="#a8956d" />
          <path d="M42 10 q8 3 16 0 M42 15 q8 3 16 0" stroke="#a8956d" fill="none" />
          <circle cx="50" cy="20" r="1.6" fill="#3f2a1d" />
        </g>
      );
    case 'hive':
      return (
        <g>
          <path d="M12 18 L32 8 L52 18 Z" fill="#b45309" />
          <rect x="14" y="18" width="36" height="13" fill="#f59e0b" stroke="#b45309" />
          <rect x="14" y="31" width="36" height="13" fill="#fbbf24" stroke="#b45309" />
          <rect x="14" y="44" width="36" height="10" fill="#f59e0b" stroke="#b45309" />
          <rect x="26" y="50" width="12" height="3" fill="#451a03" />
          <rect x="10" y="54" width="44" height="4" fill="#78350f" />
        </g>
      );
    case 'spray':
      return (
        <g>
          <rect x="20" y="22" width="22" height="34" rx="6" fill="#15803d" />
          <rect x="24" y="30" width="14" height="14" rx="2" fill="#dcfce7" />
          <path d="M27 37 h8 M31 33 v8" stroke="#15803d" strokeWidth="2.4" />
          <rect x="26" y="12" width="10" height="10" rx="2" fill="#374151" />
          <path d="M36 15 h10 l4 -3" stroke="#374151" strokeWidth="2.5" fill="none" strokeLinecap="round" />
          <circle cx="55" cy="9" r="1.6" fill="#86efac" />
          <circle cx="58" cy="14" r="1.3" fill="#86efac" />
          <circle cx="54" cy="4" r="1.1" fill="#86efac" />
        </g>
      );
    case 'window':
      return (
        <g>
          <rect
            x="10"
            y="8"
            width="44"
            height="48"
            rx="2"
            fill="#e0f2fe"
            stroke="#0f172a"
            strokeWidth="2.5"
          />
          <path d="M32 8 v48 M10 32 h44" stroke="#0f172a" strokeWidth="2.5" />
          <path
            d="M15 26 l8 -12 M19 27 l5 -7 M37 50 l9 -13"
            stroke="#fff"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
          <path d="M50 4 l1.5 4 l4 1.5 l-4 1.5 l-1.5 4 l-1.5 -4 l-4 -1.5 l4 -1.5 Z" fill="#f59e0b" />
        </g>
      );
  }
}

interface ArtProps {
  kind: PestKind;
  size?: number;
  className?: string;
  /** French description; without it the drawing is decorative and hidden from screen readers. */
  label?: string;
}

export function PestIcon({ kind, size = 64, className, label }: ArtProps) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <Glyph kind={kind} />
    </svg>
  );
}

const sceneSky: Record<SceneKind, [string, string]> = {
  house: ['#dbeafe', '#eff6ff'],
  kitchen: ['#f1f5f9', '#e2e8f0'],
  barn: ['#fef3c7', '#fffbeb'],
  van: ['#e0f2fe', '#f0f9ff'],
  tree: ['#bfdbfe', '#eff6ff'],
  roof: ['#c7d2fe', '#eef2ff'],
  garden: ['#d1fae5', '#f0fdf4'],
  meadow: ['#fde68a', '#fefce8'],
  river: ['#bae6fd', '#f0f9ff'],
  forest: ['#bbf7d0', '#f0fdf4'],
  shop: ['#fce7f3', '#fdf2f8'],
};

function SceneBackdrop({ scene, pest }: { scene: SceneKind; pest: PestKind }) {
  switch (scene) {
    case 'house':
      return (
        <g>
          <rect y="160" width="320" height="40" fill="#86efac" />
          <path d="M70 90 L150 40 L230 90 Z" fill="#9a3412" />
          <rect x="82" y="90" width="136" height="75" fill="#fef3c7" />
          <rect x="100" y="105" width="28" height="24" fill="#bfdbfe" stroke="#78350f" strokeWidth="2" />
          <rect x="172" y="105" width="28" height="24" fill="#bfdbfe" stroke="#78350f" strokeWidth="2" />
          <rect x="138" y="120" width="24" height="45" fill="#78350f" />
        </g>
      );
    case 'kitchen':
      return (
        <g>
          <rect y="0" width="320" height="110" fill="#e2e8f0" />
          {[0, 40, 80, 120, 160, 200, 240, 280].map((x) => (
            <path key={x} d={`M${x} 0 v110`} stroke="#cbd5e1" />
          ))}
          <path d="M0 36 h320 M0 73 h320" stroke="#cbd5e1" />
          <rect y="110" width="320" height="22" fill="#94a3b8" />
          <rect y="132" width="320" height="68" fill="#cbd5e1" />
          <rect x="30" y="145" width="70" height="45" rx="3" fill="#e2e8f0" stroke="#94a3b8" />
          <rect x="220" y="145" width="70" height="45" rx="3" fill="#e2e8f0" stroke="#94a3b8" />
          <circle cx="70" cy="100" r="9" fill="#64748b" />
          <circle cx="100" cy="100" r="9" fill="#64748b" />
        </g>
      );
    case 'barn':
      return (
        <g>
          <rect y="150" width="320" height="50" fill="#d9b382" />
          <path d="M40 80 L110 40 L180 80 V150 H40 Z" fill="#b91c1c" />
          <path d="M90 150 V100 H130 V150" fill="#7f1d1d" />
          <path d="M90 100 L130 150 M130 100 L90 150" stroke="#fecaca" strokeWidth="3" />
          <rect x="200" y="120" width="90" height="30" rx="3" fill="#ca8a04" />
          <rect x="210" y="95" width="70" height="25" rx="3" fill="#eab308" />
        </g>
      );
    case 'van':
      return (
        <g>
          <rect y="160" width="320" height="40" fill="#9ca3af" />
          <path
            d="M0 178 h40 M70 178 h40 M140 178 h40 M210 178 h40 M280 178 h40"
            stroke="#f8fafc"
            strokeWidth="3"
          />
          <path d="M30 95 H190 L230 125 V160 H30 Z" fill="#14532d" />
          <path d="M190 100 L222 125 H190 Z" fill="#bfdbfe" />
          <rect x="50" y="112" width="110" height="18" rx="3" fill="#fbbf24" />
          <circle cx="70" cy="160" r="14" fill="#1f2937" />
          <circle cx="190" cy="160" r="14" fill="#1f2937" />
          <circle cx="70" cy="160" r="5" fill="#9ca3af" />
          <circle cx="190" cy="160" r="5" fill="#9ca3af" />
        </g>
      );
    case 'tree':
      return (
        <g>
          <rect y="170" width="320" height="30" fill="#86efac" />
          <rect x="72" y="100" width="16" height="75" fill="#78350f" />
          <circle cx="80" cy="80" r="50" fill="#16a34a" />
          <circle cx="50" cy="100" r="30" fill="#15803d" />
          <circle cx="112" cy="100" r="30" fill="#15803d" />
          {/* A paper nest hanging in the crown (the pole's picture has its own, at the pole's tip). */}
          {pest !== 'pole' && (
            <>
              <path d="M100 62 v8" stroke="#78350f" strokeWidth="2.5" />
              <ellipse cx="100" cy="90" rx="17" ry="21" fill="#d6c6a5" stroke="#a8956d" strokeWidth="1.5" />
              <path
                d="M85 80 q15 6 30 0 M84 91 q16 6 32 0 M86 102 q14 5 28 0"
                stroke="#a8956d"
                strokeWidth="1.5"
                fill="none"
              />
              <circle cx="103" cy="106" r="3.5" fill="#3f2a1d" />
            </>
          )}
        </g>
      );
    case 'roof':
      return (
        <g>
          <path d="M0 70 L160 10 L320 70 V90 H0 Z" fill="#9a3412" />
          <path d="M0 90 H320" stroke="#7c2d12" strokeWidth="8" />
          <rect y="94" width="320" height="106" fill="#fef3c7" />
          <rect x="40" y="120" width="50" height="50" fill="#bfdbfe" stroke="#78350f" strokeWidth="3" />
          <ellipse cx="240" cy="112" rx="18" ry="16" fill="#d6c6a5" stroke="#a8956d" />
        </g>
      );
    case 'garden':
      return (
        <g>
          <rect y="140" width="320" height="60" fill="#4ade80" />
          <path d="M0 140 q40 -20 80 0 q40 -20 80 0 q40 -20 80 0 q40 -20 80 0" fill="#22c55e" />
          {[30, 90, 150, 210, 270].map((x, i) => (
            <g key={x}>
              <path d={`M${x} 175 v-20`} stroke="#15803d" strokeWidth="2" />
              <circle
                cx={x}
                cy="152"
                r="6"
                fill={['#f472b6', '#fbbf24', '#f87171', '#a78bfa', '#fb923c'][i]}
              />
            </g>
          ))}
          <rect x="240" y="70" width="8" height="70" fill="#78350f" />
          <circle cx="244" cy="60" r="30" fill="#16a34a" />
        </g>
      );
    case 'meadow':
      return (
        <g>
          <circle cx="270" cy="40" r="22" fill="#fbbf24" />
          <path d="M0 130 q80 -30 160 0 t160 0 V200 H0 Z" fill="#84cc16" />
          <path d="M0 160 q80 -20 160 0 t160 0 V200 H0 Z" fill="#65a30d" />
          {[20, 60, 110, 200, 250, 295].map((x) => (
            <circle key={x} cx={x} cy={175 + (x % 3) * 6} r="4" fill="#fde047" />
          ))}
        </g>
      );
    case 'river':
      return (
        <g>
          <rect y="110" width="320" height="90" fill="#38bdf8" />
          <path
            d="M0 130 q40 8 80 0 t80 0 t80 0 t80 0 M0 160 q40 8 80 0 t80 0 t80 0 t80 0"
            stroke="#e0f2fe"
            strokeWidth="2"
            fill="none"
          />
          <path d="M0 110 q80 -25 160 -10 t160 0 V120 H0 Z" fill="#65a30d" />
          {[30, 40, 50, 270, 282, 294].map((x) => (
            <path
              key={x}
              d={`M${x} 112 q2 -30 ${x % 2 ? 6 : -4} -46`}
              stroke="#3f6212"
              strokeWidth="2.5"
              fill="none"
            />
          ))}
        </g>
      );
    case 'forest':
      return (
        <g>
          <rect y="160" width="320" height="40" fill="#a3a380" />
          {[20, 80, 140, 200, 260].map((x, i) => (
            <g key={x}>
              <rect x={x + 16} y="110" width="8" height="55" fill="#78350f" />
              <path
                d={`M${x} 120 L${x + 20} ${40 + (i % 2) * 15} L${x + 40} 120 Z`}
                fill={i % 2 ? '#166534' : '#15803d'}
              />
            </g>
          ))}
        </g>
      );
    case 'shop':
      return (
        <g>
          <rect y="150" width="320" height="50" fill="#e7e5e4" />
          <rect x="30" y="40" width="260" height="110" fill="#fff7ed" stroke="#9a3412" strokeWidth="3" />
          <path d="M30 40 h260 v22 h-260 Z" fill="#14532d" />
          {[30, 82, 134, 186, 238].map((x) => (
            <path key={x} d={`M${x} 62 q26 18 52 0`} fill="#f59e0b" />
          ))}
          <rect x="50" y="95" width="220" height="55" fill="#fed7aa" stroke="#9a3412" strokeWidth="2" />
        </g>
      );
  }
}

/** A 320 × 200 illustration: a place and, in the foreground, the pest or tool of the service. */
export function SceneArt({
  scene,
  pest,
  label,
  className,
}: {
  scene: SceneKind;
  pest: PestKind;
  label: string;
  className?: string;
}) {
  const gradient = `${useId().replace(/:/g, '')}-sky`;
  const [top, bottom] = sceneSky[scene];
  return (
    <svg viewBox="0 0 320 200" width="320" height="200" className={className} role="img" aria-label={label}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width="320" height="200" fill={`url(#${gradient})`} />
      <SceneBackdrop scene={scene} pest={pest} />
      <circle cx="230" cy="130" r="56" fill="#ffffff" opacity="0.55" />
      <g transform="translate(178 78) scale(1.6)">
        <Glyph kind={pest} />
      </g>
    </svg>
  );
}

/** The six departments of the intervention area, stylised (not to scale), with the Seine. */
export function ZoneMap({ className }: { className?: string }) {
  const departments = [
    {
      code: '76',
      d: 'M30 78 L110 36 L200 24 L232 62 L216 112 L122 122 L62 112 Z',
      fill: '#bbf7d0',
      x: 140,
      y: 80,
    },
    {
      code: '60',
      d: 'M232 62 L200 24 L300 18 L372 42 L362 112 L282 118 L216 112 Z',
      fill: '#86efac',
      x: 296,
      y: 72,
    },
    {
      code: '27',
      d: 'M62 112 L122 122 L216 112 L226 152 L202 202 L192 252 L112 272 L72 222 L52 162 Z',
      fill: '#15803d',
      x: 118,
      y: 222,
    },
    {
      code: '95',
      d: 'M216 112 L282 118 L362 112 L356 152 L302 162 L242 166 L226 152 Z',
      fill: '#4ade80',
      x: 296,
      y: 146,
    },
    {
      code: '78',
      d: 'M226 152 L242 166 L302 162 L306 202 L292 252 L232 266 L192 252 L202 202 Z',
      fill: '#22c55e',
      x: 252,
      y: 222,
    },
    { code: '75', d: 'M308 170 L334 164 L348 180 L330 196 L310 192 Z', fill: '#14532d', x: 328, y: 186 },
  ];
  const light = new Set(['27', '75']);
  return (
    <svg
      viewBox="0 0 400 290"
      width="400"
      height="290"
      className={className}
      role="img"
      aria-label="Carte de la zone d'intervention : Eure (27), Seine-Maritime (76), Oise (60), Val-d'Oise (95), Yvelines (78) et Paris (75)"
    >
      <path d="M0 0 H190 L110 36 L30 78 L0 92 Z" fill="#dbeafe" />
      <text x="22" y="30" fontSize="13" fontStyle="italic" fill="#1e40af">
        La Manche
      </text>
      {departments.map((dep) => (
        <g key={dep.code}>
          <path d={dep.d} fill={dep.fill} stroke="#ffffff" strokeWidth="3" strokeLinejoin="round" />
          <text
            x={dep.x}
            y={dep.y}
            textAnchor="middle"
            fontSize={dep.code === '75' ? 12 : 20}
            fontWeight="700"
            fill={light.has(dep.code) ? '#ffffff' : '#052e16'}
          >
            {dep.code}
          </text>
        </g>
      ))}
      <path
        d="M326 178 C300 150 262 170 236 146 S176 118 126 118 S66 100 36 84"
        fill="none"
        stroke="#3b82f6"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.8"
      />
      <circle cx="150" cy="176" r="6" fill="#f59e0b" stroke="#ffffff" strokeWidth="2" />
      <text x="160" y="172" fontSize="13" fill="#ffffff" fontWeight="700">
        Évreux
      </text>
    </svg>
  );
}

/** The company logo mark: a shield with a leaf. */
export function LogoMark({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="10" fill="#ffffff" />
      <path d="M20 4 L34 9.5 V19 C34 28 28 33.5 20 36.5 C12 33.5 6 28 6 19 V9.5 Z" fill="#14532d" />
      <path d="M13 25 C13 15 20 11 28 11 C28 20 23 26 15 26 Z" fill="#f59e0b" />
      <path d="M13 27 L23 17" stroke="#14532d" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
