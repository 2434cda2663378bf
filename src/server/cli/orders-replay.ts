// `npm run orders:replay [-- --apply]`: rebuilds orders/order_items from the log, compares them
// row by row with the live tables, prints the differences; exit 1 when any (unless applied).
import { replayContracts } from '../contracts/replay.js';
import { replayInterventions } from '../interventions/replay.js';
import { replayOrders } from '../orders/replay.js';
import { hasFlag, progress, withOrderLog } from './orders-cli.js';

await withOrderLog(async ({ sql }) => {
  const apply = hasFlag('--apply');
  const report = await replayOrders(sql, { apply, onProgress: progress('replay'), maxDifferences: 50 });
  console.log(
    `Replayed ${report.events} events into ${report.orders} orders and ${report.items} items ` +
      `(read ${report.timings.readMs} ms, write ${report.timings.writeMs} ms, compare ${report.timings.compareMs} ms).`,
  );
  for (const d of report.differences) {
    const detail =
      d.kind === 'changed'
        ? d.columns
            .map(
              (c) => `${c}: live ${JSON.stringify(d.live?.[c])} / rebuilt ${JSON.stringify(d.rebuilt?.[c])}`,
            )
            .join('; ')
        : d.kind === 'missing'
          ? 'missing from the live table'
          : 'in the live table only';
    console.log(`  ${d.table} ${d.id} ${d.kind}: ${detail}`);
  }
  if (report.differenceCount > report.differences.length) {
    console.log(`  ... and ${report.differenceCount - report.differences.length} more`);
  }
  // The other streams of the log (docs/decisions/032-event-log-beyond-orders.md).
  const interventions = await replayInterventions(sql, { apply });
  console.log(
    `Replayed ${interventions.events} intervention events into ${interventions.interventions} interventions.`,
  );
  for (const d of interventions.differences.slice(0, 50)) {
    console.log(
      `  ${d.table ?? 'interventions'} ${d.id} ${d.kind}${d.columns.length ? `: ${d.columns.join(', ')}` : ''}`,
    );
  }
  const contracts = await replayContracts(sql, { apply });
  console.log(`Replayed ${contracts.events} contract events into ${contracts.contracts} contracts.`);
  for (const d of contracts.differences.slice(0, 50))
    console.log(`  ${d.table} ${d.id} ${d.kind}${d.columns.length ? `: ${d.columns.join(', ')}` : ''}`);
  interventions.differences.push(...contracts.differences.map((d) => ({ ...d, table: undefined })));
  interventions.applied ||= contracts.applied;
  const total = report.differenceCount + interventions.differences.length;
  if (total === 0) {
    console.log('The live tables equal the rebuild.');
    return 0;
  }
  if (report.differenceCount === 0) {
    if (interventions.applied) {
      console.log(`${interventions.differences.length} differing intervention rows replaced by the rebuild.`);
      return 0;
    }
    console.log('Differing intervention rows. Run with --apply to replace them with the rebuild.');
    return 1;
  }
  if (report.applied) {
    console.log(`${report.differenceCount} differing rows replaced by the rebuild (one transaction).`);
    return 0;
  }
  console.log(`${report.differenceCount} differing rows. Run with --apply to replace them with the rebuild.`);
  return 1;
});
