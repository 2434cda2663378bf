/**
 * `npm run bench:devis` (issue 36): the time to render a devis's PDF (renderDevisPdf, through the
 * invoices' renderer: PDF/A-3b, the DejaVu subsets embedded) from its snapshot, as sending does.
 * No database: the snapshot is built by the domain, as sendDevis builds it. The first render of
 * the process is printed apart (it parses the fonts). Goal (docs/decisions/035-devis.md): a render
 * under 200 ms after warm-up.
 *
 * Options (environment): BENCH_RUNS (renders, default 30), BENCH_LINES (devis lines, default 12).
 * BENCH_TINY=1: 2 runs (bench:smoke keeps it from rotting; figures mean nothing).
 */
import { performance } from 'node:perf_hooks';
import { buildDevis, type ResolvedLine } from '../src/domain/interventions/devis.js';
import { DEFAULT_TARIFFS } from '../src/domain/interventions/tariffs.js';
import { sellerSnapshot } from '../src/domain/invoices/document.js';
import { sellerIdentitySchema } from '../src/domain/invoices/identity.js';
import { renderDevisPdf } from '../src/server/interventions/devis-pdf.js';
import { sha256 } from '../src/server/invoices/pdf.js';
import { SELLER, SHOP_FACTS } from '../tests/support/invoices.js';

const TINY = process.env.BENCH_TINY === '1';
const RUNS = TINY ? 2 : Number(process.env.BENCH_RUNS ?? 30);
const LINES = Number(process.env.BENCH_LINES ?? 12);

const kinds = ['service', 'labour', 'product', 'travel'] as const;
const lines: ResolvedLine[] = Array.from({ length: LINES }, (_, i) => {
  const kind = kinds[i % kinds.length]!;
  return kind === 'labour'
    ? {
        kind,
        label: `Main-d'œuvre, passage ${i + 1}`,
        quantity: 75,
        unitInclStandardCents: 6500,
        perHour: true,
      }
    : {
        kind,
        label: `Pose de station d'appâtage sécurisée n° ${i + 1}`,
        quantity: 1 + (i % 3),
        unitInclStandardCents: 1290 + i * 100,
      };
});
const address = { line: '12 rue des Lilas', zipCode: '27000', city: 'Évreux' };
const devis = buildDevis({
  numbered: {
    number: 'DE-2026-000001',
    series: 'DE-2026',
    sequence: 1,
    issuedAt: '2026-03-02T10:00:00.000Z',
  },
  version: 1,
  replaces: null,
  validityDays: 30,
  interventionNumber: 'INT-2026-000001',
  seller: sellerSnapshot(sellerIdentitySchema.parse(SELLER), SHOP_FACTS),
  customer: {
    kind: 'particulier',
    name: 'Camille Durand',
    email: 'camille@example.fr',
    phone: '0612345678',
    address,
    business: null,
  },
  site: { type: 'logement_ancien', address },
  description: 'Dératisation de la cave et du garage, pose de stations et contrôle.',
  estimatedMinutes: 180,
  lines,
  tariffs: DEFAULT_TARIFFS,
});

async function timed() {
  const started = performance.now();
  const bytes = await renderDevisPdf(devis);
  return { ms: performance.now() - started, bytes };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(
  `bench:devis: ${RUNS} renders of a ${devis.lines.length}-line devis at 10 % with the withdrawal form${TINY ? ' (BENCH_TINY: figures are not meaningful)' : ''}`,
);
const cold = await timed();
const renders: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await timed();
  renders.push(r.ms);
  // The same snapshot gives the same bytes (the event stores the PDF's hash).
  if (sha256(r.bytes) !== sha256(cold.bytes)) throw new Error('Two renders of one devis differ');
}
console.log(
  `first render of the process (parses the fonts): ${cold.ms.toFixed(1)} ms, ${cold.bytes.length} bytes`,
);
const pdf = median(renders);
console.log(
  `devis PDF: median ${pdf.toFixed(1)} ms, max ${Math.max(...renders).toFixed(1)} ms (goal: under 200 ms after warm-up)`,
);
