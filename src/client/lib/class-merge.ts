/**
 * The class merge behind cn(): a later Tailwind class replaces an earlier one that sets the same
 * thing under the same variants (`cn('px-4 text-sm', 'px-2')` gives `text-sm px-2`), as
 * tailwind-merge does, in ~1 KB instead of 8.5 KB on every page (docs/decisions/017-js-budget.md).
 * It knows the class groups this code base uses; class-merge.test.ts checks it against
 * tailwind-merge on every pair of classes written in src/client, so a new class that it groups
 * differently fails there. Unknown classes are kept as they are.
 */

/** Groups of keyword classes: the class is the whole utility. */
const KEYWORDS: Record<string, string> = {};
for (const [group, words] of <[string, string][]>[
  [
    'display',
    'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-row table-row-group table-header-group table-footer-group flow-root grid inline-grid contents list-item hidden',
  ],
  ['position', 'static fixed absolute relative sticky'],
  ['visibility', 'visible invisible collapse'],
  ['italic', 'italic not-italic'],
  ['sr', 'sr-only not-sr-only'],
  ['decoration-line', 'underline overline line-through no-underline'],
  ['case', 'uppercase lowercase capitalize normal-case'],
  ['text-overflow', 'truncate text-ellipsis text-clip'],
  ['text-align', 'text-left text-center text-right text-justify text-start text-end'],
  ['text-wrap', 'text-wrap text-nowrap text-balance text-pretty'],
  [
    'font-weight',
    'font-thin font-extralight font-light font-normal font-medium font-semibold font-bold font-extrabold font-black',
  ],
  ['border-style', 'border-solid border-dashed border-dotted border-double border-hidden border-none'],
  ['outline-style', 'outline-none outline-hidden outline-solid outline-dashed outline-dotted outline-double'],
  [
    'decoration-style',
    'decoration-solid decoration-double decoration-dotted decoration-dashed decoration-wavy',
  ],
  ['ring-inset', 'ring-inset'],
  ['flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse'],
  ['flex-wrap', 'flex-wrap flex-wrap-reverse flex-nowrap'],
  ['nums', 'tabular-nums proportional-nums'],
  ['animate', 'animate-none animate-spin animate-ping animate-pulse animate-bounce'],
  ['transition', 'transition'],
  ['shrink', 'shrink'],
  ['grow', 'grow'],
  ['backdrop-blur', 'backdrop-blur'],
  [
    'align-content',
    'content-normal content-center content-start content-end content-between content-around content-evenly content-baseline content-stretch',
  ],
  ['order', 'order-first order-last order-none'],
  ['container-type', '@container'],
]) {
  for (const word of words.split(' ')) KEYWORDS[word] = group;
}

/**
 * Utilities named by a prefix and a value (`px-4`, `min-h-[60vh]`): the group is the prefix.
 * Longer prefixes first, where one starts another. Animations: only the arbitrary ones here
 * (tailwind-merge does not know the theme's own, animate-fade-in...); numbered orders only.
 */
const PREFIX = new RegExp(
  `^(${[
    'inset-x inset-y inset top right bottom left z order(?=-\\d)',
    'col-span col-start col-end row-span row-start row-end grid-cols grid-rows',
    'gap-x gap-y gap space-x space-y',
    'px py pt pr pb pl p mx my mt mr mb ml m',
    'size min-w min-h max-w max-h w h aspect',
    'flex basis grow shrink items justify-items justify-self justify self place-items place-content',
    'overflow-x overflow-y overflow line-clamp whitespace break object list align cursor pointer-events',
    'appearance caption select resize touch',
    'opacity transition duration ease delay animate(?=-\\[)',
    'translate-x translate-y rotate scale-x scale-y scale skew-x skew-y origin',
    'leading tracking underline-offset outline-offset backdrop-blur drop-shadow blur',
    'from via to fill stroke scroll-mt accent',
  ]
    .join(' ')
    .replaceAll(' ', '|')})-`,
);

/**
 * Prefixes whose group depends on the value; what matches none of the value patterns is a color
 * (as in tailwind-merge, where any value is a color).
 */
const BY_VALUE: Record<string, [RegExp, string][]> = {
  text: [[/^(xs|sm|base|lg|\d?xl|\[(length:|\d).*\])$/, 'font-size']],
  font: [[/./, 'font-family']],
  bg: [[/^\[(url|image|(repeating-)?(linear|radial|conic)-gradient)\(/, 'bg-image']],
  border: [
    [/^(\d+|\[\d[^\]]*\])?$/, 'border-w'],
    [/^[trblxyse](-\d+|-\[\d[^\]]*\])?$/, 'border-w-'],
    [/^[trblxyse]-/, 'border-color-'],
  ],
  ring: [[/^(\d+|\[\d[^\]]*\])?$/, 'ring-w']],
  shadow: [[/^(2?xs|sm|md|lg|2?xl|none|inner)?$/, 'shadow']],
  outline: [[/^(\d+|\[\d[^\]]*\])?$/, 'outline-w']],
  decoration: [[/^(\d+|auto|from-font)$/, 'decoration-thickness']],
  divide: [[/^[xy](-\d+)?$/, 'divide-']],
  rounded: [
    [/^([trblse]|tl|tr|br|bl|ss|se|es|ee)(-|$)/, 'rounded-'],
    [/^/, 'rounded'],
  ],
};

/** A group's class also replaces these groups' ones (`p-4` after `px-2`). */
const OVERRIDES: Record<string, string> = {
  p: 'px py pt pr pb pl ps pe',
  px: 'pr pl ps pe',
  py: 'pt pb',
  m: 'mx my mt mr mb ml ms me',
  mx: 'mr ml ms me',
  my: 'mt mb',
  size: 'w h',
  inset: 'inset-x inset-y top right bottom left start end',
  'inset-x': 'right left',
  'inset-y': 'top bottom',
  gap: 'gap-x gap-y',
  overflow: 'overflow-x overflow-y',
  flex: 'basis grow shrink',
  'line-clamp': 'display overflow',
  'font-size': 'leading',
  rounded: 'rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl',
  'rounded-t': 'rounded-tl rounded-tr',
  'rounded-r': 'rounded-tr rounded-br',
  'rounded-b': 'rounded-br rounded-bl',
  'rounded-l': 'rounded-tl rounded-bl',
  'border-w': 'border-w-t border-w-r border-w-b border-w-l border-w-x border-w-y',
  'border-w-x': 'border-w-r border-w-l',
  'border-w-y': 'border-w-t border-w-b',
  'border-color': 'border-color-t border-color-r border-color-b border-color-l border-color-x border-color-y',
  'border-color-x': 'border-color-r border-color-l',
  'border-color-y': 'border-color-t border-color-b',
};

/** The group of a utility (variants, `!` and `-` removed), or undefined when it is not known. */
function groupOf(utility: string): string | undefined {
  const property = /^\[([a-z-]+):/.exec(utility);
  if (property) return `[${property[1]}]`;
  const keyword = KEYWORDS[utility];
  if (keyword) return keyword;
  const prefixed = PREFIX.exec(utility);
  if (prefixed) return prefixed[1];
  const dash = utility.indexOf('-');
  const prefix = dash < 0 ? utility : utility.slice(0, dash);
  const rules = BY_VALUE[prefix];
  if (!rules) return undefined;
  const value = dash < 0 ? '' : utility.slice(dash + 1);
  for (const [pattern, group] of rules) {
    if (pattern.test(value)) return group.endsWith('-') ? group + /^[a-z]+/.exec(value)![0] : group;
  }
  return value ? `${prefix}-color` : undefined;
}

/** Merges a space-separated class list: the last class of each group (per variants) wins. */
export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (!token) continue;
    // Variants end at the last ':' outside brackets (`data-[state=open]:`, `[&_svg]:`).
    let depth = 0;
    let cut = 0;
    for (let j = 0; j < token.length; j++) {
      const c = token[j];
      if (c === '[') depth++;
      else if (c === ']') depth--;
      else if (c === ':' && depth === 0) cut = j + 1;
    }
    let utility = token.slice(cut);
    const important = utility.startsWith('!') || utility.endsWith('!');
    if (important) utility = utility.replace(/^!|!$/g, '');
    const group = groupOf(utility.replace(/^-/, ''));
    if (group) {
      const scope = token.slice(0, cut) + (important ? '!' : '');
      if (taken.has(scope + group)) continue;
      taken.add(scope + group);
      for (const other of OVERRIDES[group]?.split(' ') ?? []) taken.add(scope + other);
    }
    kept.push(token);
  }
  return kept.reverse().join(' ');
}
