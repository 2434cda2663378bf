import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

/**
 * Every class written in src/client: the tokens of each string literal made only of class-like
 * words (lower case, digits, Tailwind's punctuation).
 */
function classesInSources(): string[] {
  // Tracked and new files; not the tests, nor the merge itself (its strings are group names).
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src/client/**.ts', 'src/client/**.tsx'],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .filter((file) => !/\.test\.tsx?$|\/class-merge\.ts$/.test(file));
  const classes = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const [, , text] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      const words = text!.trim().split(/\s+/);
      if (words.every((word) => /^[a-z0-9!\-:[\]/.&_=%#()>*@,'+~]+$/.test(word) && !word.includes('${'))) {
        for (const word of words) if (word) classes.add(word);
      }
    }
  }
  return [...classes];
}

/**
 * A class's variants (`sm:`, `[&_svg]:`), in sorted order: classes under different variants never
 * replace each other (pairs whose variants differ only in order are compared too).
 */
const variantsOf = (token: string) => {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '[') depth++;
    else if (token[i] === ']') depth--;
    else if (token[i] === ':' && depth === 0) cut = i + 1;
  }
  return token.slice(0, cut).split(':').sort().join(':');
};

describe('mergeClasses', () => {
  it('lets a later class replace an earlier one of the same group', () => {
    expect(mergeClasses('px-4 py-2 text-sm px-2')).toBe('py-2 text-sm px-2');
    expect(mergeClasses('px-2 py-1 p-4')).toBe('p-4');
    expect(mergeClasses('text-sm text-muted-foreground text-lg')).toBe('text-muted-foreground text-lg');
    expect(mergeClasses('h-10 w-10 size-8')).toBe('size-8');
    expect(mergeClasses('hover:bg-muted bg-card sm:hidden hover:bg-accent')).toBe(
      'bg-card sm:hidden hover:bg-accent',
    );
    expect(mergeClasses('[&_svg]:size-4 [&_svg]:size-5 unknown-class other')).toBe(
      '[&_svg]:size-5 unknown-class other',
    );
    expect(mergeClasses(' border border-2  border-primary ')).toBe('border-2 border-primary');
  });

  it('agrees with tailwind-merge on every pair of classes written in src/client', () => {
    const byVariants = new Map<string, string[]>();
    // Classes neither merge knows are kept by both, whatever comes after: left out (3 M pairs else).
    const known = classesInSources().filter(
      (token) => twMerge(`${token} ${token}`) === token || mergeClasses(`${token} ${token}`) === token,
    );
    for (const token of known) {
      const key = variantsOf(token);
      byVariants.set(key, [...(byVariants.get(key) ?? []), token]);
    }
    const differences: string[] = [];
    let pairs = 0;
    for (const tokens of byVariants.values()) {
      // A class with itself too: a duplicate of a known class is dropped by both.
      for (const a of tokens) {
        for (const b of tokens) {
          pairs++;
          const input = `${a} ${b}`;
          const expected = twMerge(input);
          const actual = mergeClasses(input);
          if (actual !== expected) differences.push(`${input}: ${actual} (tailwind-merge: ${expected})`);
        }
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
    expect(pairs).toBeGreaterThan(100_000);
  }, 300_000);
});
