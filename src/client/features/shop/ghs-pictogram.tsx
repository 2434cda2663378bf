import type { ReactNode } from 'react';
import type { GhsPictogram } from '../../../domain/catalog/hazards';

/*
 * The CLP pictograms (annex V): a black symbol on a white ground inside a red diamond, drawn here
 * in simplified form so that no image has to load; each one is an image named in French.
 */
const SYMBOLS: Record<GhsPictogram, ReactNode> = {
  GHS01: (
    <>
      <circle cx="50" cy="56" r="12" />
      <path
        d="M50 30v10M34 38l7 7M66 38l-7 7M28 56h9M63 56h9M37 70l5-4M63 70l-5-4"
        strokeWidth="4"
        stroke="#000"
      />
    </>
  ),
  GHS02: (
    <path d="M50 26c8 12 16 18 16 32a16 16 0 0 1-32 0c0-8 4-12 8-16 0 6 2 9 5 10-2-10 1-18 3-26zM34 72h32v4H34z" />
  ),
  GHS03: (
    <>
      <circle cx="50" cy="60" r="12" fill="none" stroke="#000" strokeWidth="4" />
      <path d="M50 24c6 8 10 12 10 20a10 10 0 0 1-20 0c0-5 3-8 5-10 0 4 1 6 3 6-1-6 0-11 2-16zM32 76h36v4H32z" />
    </>
  ),
  GHS04: <path d="M36 44a8 8 0 0 1 8-8h18v6h4v10h-4v20H44a8 8 0 0 1-8-8z" transform="rotate(-30 50 54)" />,
  GHS05: (
    <>
      <path d="M30 34l4-6 4 6a4 4 0 0 1-8 0zM54 34l4-6 4 6a4 4 0 0 1-8 0z" />
      <path d="M26 50h22v6H26zM54 50h22v6H54zM28 70h44v6H28z" />
    </>
  ),
  GHS06: (
    <>
      <path d="M50 28c-11 0-18 7-18 16 0 6 3 9 6 11v6h24v-6c3-2 6-5 6-11 0-9-7-16-18-16z" />
      <circle cx="43" cy="45" r="4" fill="#fff" />
      <circle cx="57" cy="45" r="4" fill="#fff" />
      <path d="M30 66l40 10M70 66L30 76" stroke="#000" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  GHS07: <path d="M46 28h8l-1 30h-6zM50 64a5 5 0 1 1 0 10 5 5 0 0 1 0-10z" />,
  GHS08: (
    <>
      <circle cx="50" cy="30" r="6" />
      <path d="M38 40h24l-2 36H40z" />
      <path d="M50 46l3 6 6 1-4 4 1 6-6-3-6 3 1-6-4-4 6-1z" fill="#fff" />
    </>
  ),
  GHS09: (
    <>
      <path d="M34 28l10 22H38l8 14H22l8-14h-6z" />
      <path d="M56 60c6-6 16-6 20 0-4 6-14 6-20 0zm0 0l-6-5v10z" />
      <path d="M26 74h48" stroke="#000" strokeWidth="3" />
    </>
  ),
};

/** `name`: the pictogram's French name (GHS_PICTOGRAMS), given by the caller so that the storefront
 * does not download the list. */
export function GhsPictogramIcon({
  code,
  name: french,
  className,
}: {
  code: GhsPictogram;
  name: string;
  className?: string;
}) {
  const name = `${french} (${code})`;
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={name} className={className}>
      <title>{name}</title>
      <path d="M50 4L96 50 50 96 4 50z" fill="#fff" stroke="#e30613" strokeWidth="7" strokeLinejoin="round" />
      <g fill="#000">{SYMBOLS[code]}</g>
    </svg>
  );
}
