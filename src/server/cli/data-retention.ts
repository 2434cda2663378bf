// `npm run data:retention [-- --dry-run]`: applies the retention periods of personal data now
// (server/privacy/retention.ts), or with --dry-run lists what would go and changes nothing.
// Prints ids and dates only, never a name or an email.
import { mailDir } from '../mail/transport.js';
import { retentionOnce } from '../privacy/retention.js';
import { readSettings } from '../settings/store.js';
import { hasFlag, withOrderLog } from './orders-cli.js';

await withOrderLog(async ({ sql, config }) => {
  const dryRun = hasFlag('--dry-run');
  const shop = await readSettings(sql, config);
  const report = await retentionOnce(sql, {
    dryRun,
    mailDir: mailDir(config),
    shopName: shop.settings.shopName,
  });
  if (!report) {
    console.log('Another instance is running the retention job; try again later.');
    return 1;
  }
  const s = report.settings;
  console.log(
    `Periods: contact requests ${s.contactMonths} months, inactive accounts ${s.inactiveAccountMonths} months ` +
      `(warning ${s.inactivityWarningDays} days before), guest orders ${s.guestOrderMonths} months, ` +
      `intervention requests ${s.interventionRequestMonths} months after the last contact, ` +
      `contract customers ${s.contractMonths} months after the end, mails ${s.mailDays} days.`,
  );
  for (const item of report.items) console.log(`  ${item.rule} ${item.id} (since ${item.since})`);
  console.log(
    report.items.length === 0
      ? 'Nothing is due.'
      : `${report.items.length} item(s) ${dryRun ? 'would be removed (dry run: nothing changed)' : 'removed or warned'}.`,
  );
  return 0;
});
