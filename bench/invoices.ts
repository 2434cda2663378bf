/**
 * `npm run bench:invoices` (issue 25): the time to render an invoice's PDF (renderDocumentPdf:
 * PDF/A-3b, the DejaVu subsets embedded, the Factur-X XML built and attached), from its snapshot,
 * as issuing and the mail do. No database: the snapshot is built by the domain, as issueInvoice
 * builds it.
 *
 * Baseline, measured in the same run, alternating with the render so both see the same load:
 * pdfkit's floor, a plain A4 page with the same text in the built-in Helvetica (no font embedded,
 * no PDF/A, no attachment). The first render of the process is printed apart: it parses the fonts.
 * Goal (docs/decisions/019-invoices.md): a render under 200 ms.
 *
 * Options (environment): BENCH_RUNS (renders of each, default 30), BENCH_LINES (order lines,
 * default 12). BENCH_TINY=1: 2 runs (bench:smoke keeps it from rotting; figures mean nothing).
 */
import { performance } from 'node:perf_hooks';
import PDFDocument from 'pdfkit';
import { buildInvoice, documentNumber } from '../src/domain/invoices/document.js';
import { sellerIdentitySchema } from '../src/domain/invoices/identity.js';
import { renderDocumentPdf, sha256 } from '../src/server/invoices/pdf.js';
import { invoiceOrder, paidLedger, SELLER, SHOP_FACTS } from '../tests/support/invoices.js';

const TINY = process.env.BENCH_TINY === '1';
const RUNS = TINY ? 2 : Number(process.env.BENCH_RUNS ?? 30);
const LINES = Number(process.env.BENCH_LINES ?? 12);

const identity = sellerIdentitySchema.parse(SELLER);
const lines = Array.from({ length: LINES }, (_, i) => ({
  itemId: `i${i}`,
  productId: `p${i}`,
  title: `Piège à guêpes écologique n° ${i + 1}`,
  image: null,
  quantity: 1 + (i % 3),
  unitPriceCents: 1290 + i * 100,
  totalPriceCents: (1 + (i % 3)) * (1290 + i * 100),
  stockTracked: true,
}));
const subtotal = lines.reduce((s, l) => s + l.totalPriceCents, 0);
// The shared invoice fixture, with this bench's lines and a business buyer.
const order = invoiceOrder({
  id: 'bench',
  business: { companyName: 'Camping des Pommiers', siren: '552100554', vatNumber: 'FR40552100554' },
  lines,
  subtotalCents: subtotal,
  taxCents: Math.round(((subtotal + 599) * 20) / 120),
  totalAmountCents: subtotal + 599,
  paidCents: subtotal + 599,
  ledger: paidLedger(subtotal + 599),
});
const invoice = buildInvoice({
  order,
  identity,
  shop: SHOP_FACTS,
  numbered: {
    series: 'FA-2026',
    sequence: 1,
    number: documentNumber('FA-2026', 1),
    issuedAt: order.updatedAt,
  },
});

// The same invoice made out to a buyer whose name needs the fallback fonts (Greek, Arabic, Chinese):
// fonts.ts embeds the whole DejaVu Sans and UnifontEX for it (issue 39 finding 9).
const worldInvoice = buildInvoice({
  order: { ...order, customer: { ...order.customer, firstName: 'Ελένη محمد', lastName: '王小明' } },
  identity,
  shop: SHOP_FACTS,
  numbered: {
    series: 'FA-2026',
    sequence: 2,
    number: documentNumber('FA-2026', 2),
    issuedAt: order.updatedAt,
  },
});

/** pdfkit's floor: the same words on one page, built-in Helvetica, nothing embedded. */
async function baselinePdf(): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 48 });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.font('Helvetica').fontSize(9);
  pdf.text(`FACTURE ${invoice.number}`);
  for (const l of invoice.lines) pdf.text(`${l.description}  ${l.quantity}  ${l.totalInclCents}`);
  pdf.text(`Total TTC ${invoice.totalInclCents}`);
  pdf.end();
  return await done;
}

async function timed(fn: () => Promise<Buffer>) {
  const started = performance.now();
  const bytes = await fn();
  return { ms: performance.now() - started, bytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

console.log(
  `bench:invoices: ${RUNS} renders of a ${invoice.lines.length}-line business invoice${TINY ? ' (BENCH_TINY: figures are not meaningful)' : ''}`,
);
const cold = await timed(() => renderDocumentPdf(invoice));
await baselinePdf();
const worldCold = await timed(() => renderDocumentPdf(worldInvoice));
const renders: number[] = [];
const baselines: number[] = [];
const worldRenders: number[] = [];
for (let i = 0; i < RUNS; i++) {
  baselines.push((await timed(baselinePdf)).ms);
  const render = await timed(() => renderDocumentPdf(invoice));
  renders.push(render.ms);
  worldRenders.push((await timed(() => renderDocumentPdf(worldInvoice))).ms);
  // The same snapshot gives the same bytes (the stored hash depends on it).
  if (sha256(render.bytes) !== sha256(cold.bytes)) throw new Error('Two renders of one snapshot differ');
}
const base = median(baselines);
const pdf = median(renders);
console.log(
  `first render of the process (parses the fonts): ${cold.ms.toFixed(1)} ms, ${cold.bytes.length} bytes`,
);
console.log(`baseline, pdfkit floor (Helvetica, no PDF/A): median ${base.toFixed(1)} ms`);
console.log(
  `invoice PDF (PDF/A-3b, fonts embedded, Factur-X): median ${pdf.toFixed(1)} ms, max ${Math.max(...renders).toFixed(1)} ms, ${(pdf / base).toFixed(1)}× the baseline (goal: under 200 ms)`,
);
const world = median(worldRenders);
console.log(
  `invoice PDF, a Greek, Arabic and Chinese name (fallback fonts): median ${world.toFixed(1)} ms, ${(world / base).toFixed(1)}× the baseline; first render ${worldCold.ms.toFixed(1)} ms (reads the fallback fonts)`,
);
