/**
 * Backups signed as a whole, and restores that check them before writing (issue 23, finding 7 and
 * point 6). The shop backed up has what a restore must carry unchanged: accounts and roles, orders
 * of a customer and of a guest, their personal records, invoices and a credit note (PDFs and their
 * hashes), a closure of the till, a price history, sealed and unsealed events.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { closeThrough } from '../../src/server/audit/closures.js';
import { checkKey, sealOnce } from '../../src/server/audit/sealer.js';
import { parseWitness, sealLog, verifyDatabase } from '../../src/server/audit/verify.js';
import {
  BackupMac,
  RESTORE_MESSAGES,
  RestoreError,
  restoreBackup,
  writeBackup,
} from '../../src/server/backup/backup.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { seed } from '../../src/server/seed/seed.js';
import { callerAs, createTestDatabase, createTestServices, type TestDatabase } from '../support/db.js';
import { startHttpApp } from '../support/http-app.js';
import { requestFields } from '../support/interventions.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

const KEY = 'backup-test-audit-key-0123456789abcdef';
let shop: TestShop;
let dataDir: string;
let witnessFile: string;
/** The backup, as the server wrote it (one string per line, "\n" included). */
let backup: string[];

const yesterday = parisDay(new Date(Date.now() - 24 * 3600 * 1000));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'h27-backup-'));
  witnessFile = path.join(dataDir, 'audit-witness.ndjson');
  shop = await testShop({ AUDIT_KEY: KEY, DATA_DIR: dataDir });
  const { sql } = shop;
  const { customerA } = shop.users;
  await saveIdentity(sql, SELLER, null);
  const product = await createProduct(sql, { title: 'Piège à guêpes', priceCents: 1500, stockQuantity: 50 });
  await sql`
    insert into product_price_history (product_id, price_cents, is_on_promotion, effective_price_cents, changed_by)
    values (${product.id}, 1500, false, 1500, 'test')`;
  const place = (customerId: string | null) =>
    placeOrder(
      sql,
      {
        customerId,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 2 }],
      },
      // Placed yesterday: a payment is never dated before its order's day (third probe, finding 8).
      { ...guest, at: `${yesterday}T10:00:00.000Z` },
    );
  // A customer's order paid yesterday in full (its invoice), then partly refunded (a credit note);
  // a guest's order; yesterday closed.
  const paid = await place(customerA.id);
  const [order] = await sql<{ total: number }[]>`
    select total_amount_cents as total from orders where id = ${paid.id}`;
  await shop
    .as('admin')
    .orders.recordPayment({ orderId: paid.id, amountCents: order!.total, method: 'cash', day: yesterday });
  await shop.as('admin').orders.refund({
    orderId: paid.id,
    lines: [],
    shipping: false,
    extraCents: 500,
    method: 'cash',
    reason: 'other',
    restock: false,
  });
  await place(null);
  await closeThrough(sql, yesterday, { kind: 'system', name: 'test' });
  await sealLog(sql, KEY, witnessFile);
  // Not sealed yet when backed up: an order and a request for an intervention (another stream).
  await place(null);
  await openIntervention(sql, requestFields(1), {
    meta: { actor: { kind: 'guest' }, at: new Date().toISOString(), requestId: 'test' },
    source: 'form',
    customerId: null,
  });
  backup = [];
  await writeBackup(sql, KEY, (line) => void backup.push(line));
  // The shop goes on after its backup, and its witness file with it: a restore of that backup must
  // still give a shop whose audit says OK.
  await place(customerA.id);
  await sealLog(sql, KEY, witnessFile);
}, 120_000);

afterAll(async () => {
  await shop.drop();
});

const source = (lines: readonly string[]) => () =>
  (async function* () {
    for (const l of lines) yield l.replace(/\n$/, '');
  })();

const rowsOf = (lines: readonly string[], table: string) =>
  lines.filter((l) => l.startsWith(`{"kind":"row","t":${JSON.stringify(table)},`));

/** Rewrites the rows of `table` that `match`, as someone editing the file would. */
function edit(
  lines: readonly string[],
  table: string,
  match: (r: Record<string, unknown>) => boolean,
  change: (r: Record<string, unknown>) => void,
): string[] {
  let edited = 0;
  const out = lines.map((l) => {
    if (!rowsOf([l], table).length) return l;
    const line = JSON.parse(l) as { r: Record<string, unknown> };
    if (!match(line.r)) return l;
    change(line.r);
    edited += 1;
    return `${JSON.stringify(line)}\n`;
  });
  expect(edited).toBeGreaterThan(0);
  return out;
}

/** Signs edited lines again with `key`, as the server would have (someone holding the key). */
function resign(lines: readonly string[], key = KEY): string[] {
  const mac = new BackupMac(key);
  const body = lines.slice(0, -1);
  for (const l of body) mac.line(l);
  const end = JSON.parse(lines.at(-1)!) as { rows: number; counts: Record<string, number> };
  return [...body, `${JSON.stringify({ ...end, signature: mac.finish(end.rows, end.counts) })}\n`];
}

/** Every public table's row count and every sequence's position: "the database as it was". */
async function state(sql: TestDatabase['sql']) {
  const tables = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`;
  const out: Record<string, number | string> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(name)}`;
    out[name] = row!.n;
  }
  for (const s of await sql<{ name: string; value: string | null }[]>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`) {
    out[`sequence ${s.name}`] = s.value ?? 'unused';
  }
  return out;
}

/** A restore into a fresh database that must be refused with `code`, leaving it as it was. */
async function refused(lines: readonly string[], code: string, key = KEY): Promise<string> {
  const target = await createTestDatabase();
  try {
    const before = await state(target.sql);
    const error = await restoreBackup(target.sql, source(lines), { auditKey: key }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as RestoreError).code).toBe(code);
    expect(await state(target.sql)).toEqual(before);
    return (error as RestoreError).message;
  } finally {
    await target.drop();
  }
}

describe('a restored shop is the shop that was backed up, and its audit says OK', () => {
  it('the README command restores it; the log, closures and documents verify; the witness follows', {
    timeout: 180_000,
  }, async () => {
    const file = path.join(dataDir, `sauvegarde-${randomUUID()}.ndjson`);
    await writeFile(file, backup.join(''));
    const target = await createTestDatabase();
    try {
      const tsx = path.resolve('node_modules/.bin/tsx');
      // As the README says: the key of the server that made the backup, and the data folder (its
      // witness file) of the server that will serve the restored shop.
      const env = {
        ...process.env,
        DATABASE_URL: target.url,
        AUDIT_KEY: KEY,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      };
      const run = await promisify(execFile)(tsx, ['src/server/cli/db-restore.ts', '--file', file], { env });
      expect(run.stderr).toContain('its closures and its documents verify');

      // Every table the backup names holds what the file holds, row for row, except what the
      // restore changes on purpose: the events' transaction ids (local to a cluster) and one more
      // checkpoint, this database's.
      const header = JSON.parse(backup[0]!) as { tables: string[] };
      for (const table of header.tables) {
        const expected = rowsOf(backup, table).map(
          (l) => (JSON.parse(l) as { r: Record<string, unknown> }).r,
        );
        const actual = (
          await target.sql<{ j: string }[]>`select row_to_json(x.*)::text as j from ${target.sql(table)} x`
        ).map((r) => JSON.parse(r.j) as Record<string, unknown>);
        const comparable = (rows: Record<string, unknown>[]) =>
          rows.map((r) => JSON.stringify(table === 'events' ? { ...r, tx_id: null } : r)).sort();
        if (table === 'audit_checkpoints') expect(actual.length).toBe(expected.length + 1);
        else if (table === 'app_meta')
          // The seed markers a restore sets (this shop ran without the seed, so has none).
          expect(actual.map((r) => r.key).sort()).toEqual(
            [...expected.map((r) => r.key), 'seed:admin', 'seed:catalog', 'seed:settings'].sort(),
          );
        else expect(comparable(actual), table).toEqual(comparable(expected));
      }
      for (const table of [
        'invoice_documents',
        'personal_records',
        'money_closures',
        'product_price_history',
      ])
        expect(rowsOf(backup, table).length, table).toBeGreaterThan(0);

      const report = await verifyDatabase(target.sql, KEY);
      expect(report.problems).toEqual([]);
      expect(report.closures).toBeGreaterThan(0);

      // The restore's checkpoint is the witness file's latest line.
      const witnessed = parseWitness(await readFile(path.join(dataDir, 'audit-witness.ndjson'), 'utf8'));
      const [latest] = await target.sql<{ id: number; signature: string }[]>`
        select id, signature from audit_checkpoints order by id desc limit 1`;
      expect(witnessed.at(-1)).toMatchObject({ id: latest!.id, signature: latest!.signature });

      // The restored server, started as the README says (same AUDIT_KEY, same data folder): the
      // audit page's verification says OK, and its sealer seals a new order.
      const app = await startHttpApp(target, { AUDIT_KEY: KEY, DATA_DIR: dataDir });
      try {
        const admin = callerAs(app.services, shop.users.admin);
        const { id } = await admin.audit.verify();
        let run = await admin.audit.run({ id });
        for (let i = 0; i < 200 && run.status === 'running'; i++) {
          await new Promise((r) => setTimeout(r, 50));
          run = await admin.audit.run({ id });
        }
        expect(run.problems).toEqual([]);
        expect(run.status).toBe('ok');
        const product = rowsOf(backup, 'products').map((l) => JSON.parse(l).r.id as string)[0]!;
        await callerAs(app.services, null).checkout.place({
          ...customerForm,
          deliveryMethod: 'pickup',
          lines: [{ productId: product, quantity: 1 }],
          idempotencyKey: randomUUID(),
        });
        expect((await sealOnce(target.sql, app.services.config)).kind).toBe('sealed');
        // The start's check of the key: this one signed the log; a generated secret did not.
        expect(await checkKey(target.sql, app.services.config)).toBe(true);
        expect(
          await checkKey(target.sql, {
            ...app.services.config,
            AUDIT_KEY: 'a-secret-generated-at-start-0123456789',
          }),
        ).toBe(false);
        // A start with the default SEED=true seeds nothing into the restored shop.
        const counts = async () =>
          await target.sql`
            select (select count(*) from products)::int as products, (select count(*) from users)::int as users`;
        const before = await counts();
        await seed(target.sql, app.services.auth, app.services.config);
        expect(await counts()).toEqual(before);
      } finally {
        await app.close();
      }

      // A second restore into the same (no longer empty) database is refused, and changes nothing.
      const before = await state(target.sql);
      await expect(restoreBackup(target.sql, source(backup), { auditKey: KEY })).rejects.toMatchObject({
        code: 'NOT_EMPTY',
        message: expect.stringContaining('La base n’est pas vide'),
      });
      expect(await state(target.sql)).toEqual(before);
    } finally {
      await target.drop();
    }
  });

  it('rows a start or a migration wrote (outside the shop records) make way; empty tables are not truncated', async () => {
    const target = await createTestDatabase();
    try {
      await target.sql`insert into app_meta (key, value) values ('seed:marker', '{}'::jsonb)`;
      // The price history refuses every truncate, even empty (migration 0055): the restore must
      // leave the empty tables alone.
      await expect(target.sql`truncate product_price_history`).rejects.toThrow(/append-only/);
      const result = await restoreBackup(target.sql, source(backup), { auditKey: KEY });
      expect(result.report.ok).toBe(true);
      const [marker] = await target.sql`select count(*)::int as n from app_meta where key = 'seed:marker'`;
      expect(marker?.n).toBe(0);
    } finally {
      await target.drop();
    }
  });
});

describe('a backup edited in any table is refused, and nothing is written', () => {
  const signatureRefused = async (lines: string[]) => {
    const message = await refused(lines, 'BAD_SIGNATURE');
    expect(message).toBe(RESTORE_MESSAGES.badSignature);
  };

  type Row = Record<string, unknown>;
  /** One edit per table an attacker would aim at: which row, and what they change in it. */
  const EDITS: [string, string, (r: Row) => boolean, (r: Row) => void][] = [
    [
      'a customer made admin',
      'profiles',
      (r) => r.id === shop.users.customerA.id,
      (r) => {
        r.role = 'admin';
      },
    ],
    [
      "an order's customer and total",
      'orders',
      (r) => r.customer_id !== null,
      (r) => {
        r.customer_id = shop.users.customerB.id;
        r.total_amount_cents = 1;
      },
    ],
    [
      'a price at 1 cent',
      'products',
      () => true,
      (r) => {
        r.price_cents = 1;
      },
    ],
    [
      "an invoice's PDF",
      'invoice_documents',
      () => true,
      (r) => {
        r.pdf = '\\x00';
      },
    ],
    [
      'a personal record',
      'personal_records',
      (r) => (r.fields as { customer?: unknown } | null)?.customer !== undefined,
      (r) => {
        (r.fields as { customer: { email: string } }).customer.email = 'pirate@example.com';
      },
    ],
  ];

  it.each(EDITS)('%s', async (_name, table, match, change) => {
    await signatureRefused(edit(backup, table, match, change));
  });

  it('a line removed, a line added, the counts', async () => {
    const row = backup.findIndex((l) => l.includes('"t":"orders"'));
    await signatureRefused(backup.filter((_, i) => i !== row));
    await signatureRefused([...backup.slice(0, row), backup[row]!, ...backup.slice(row)]);
    const end = JSON.parse(backup.at(-1)!);
    await signatureRefused([...backup.slice(0, -1), `${JSON.stringify({ ...end, rows: end.rows - 1 })}\n`]);
  });

  it('a file changed between the check and the load (the load checks the signature again)', async () => {
    const id = shop.users.customerA.id;
    const edited = edit(
      backup,
      'profiles',
      (r) => r.id === id,
      (r) => {
        r.role = 'admin';
      },
    );
    const target = await createTestDatabase();
    try {
      const before = await state(target.sql);
      let reads = 0;
      const changing = () => source((reads++ === 0 ? backup : edited) as string[])();
      await expect(restoreBackup(target.sql, changing, { auditKey: KEY })).rejects.toMatchObject({
        code: 'CHANGED_DURING_RESTORE',
        message: RESTORE_MESSAGES.changed,
      });
      expect(reads).toBe(2);
      expect(await state(target.sql)).toEqual(before);
    } finally {
      await target.drop();
    }
  });

  it('cut short (no end line), or signed with another key', async () => {
    expect(await refused(backup.slice(0, -1), 'TRUNCATED_BACKUP')).toBe(RESTORE_MESSAGES.truncated);
    expect(await refused(backup, 'OTHER_KEY', 'another-audit-key-0123456789abcdef')).toContain(
      'signée avec une autre clé',
    );
  });

  it('a backup of a tampered database (its log edited, the file signed by the server) is refused as a whole', async () => {
    // Someone with write access to the database edited a sealed event; the server's next backup
    // signs what it reads. The restore's verification of the log refuses it, before the commit.
    const tampered = resign(
      edit(
        backup,
        'events',
        (r) => r.type === 'PaymentRecorded',
        (r) => {
          (r.data as { amountCents: number }).amountCents = 1;
        },
      ),
    );
    const message = await refused(tampered, 'LOG_DOES_NOT_VERIFY');
    expect(message).toContain('Le journal des commandes de cette sauvegarde ne se vérifie pas');
    expect(message).toContain('Rien n’a été restauré.');
  });
});

describe('a restore checks that the read tables are what the log replays to (third probe, finding 11)', () => {
  // With the key, someone re-signs a backup whose read tables contradict its log: the signature
  // and the log verify, the counts match; only a replay of the log tells. Each is refused.
  it("an order's total changed in the orders table", async () => {
    const altered = resign(
      edit(
        backup,
        'orders',
        (r) => r.customer_id !== null,
        (r) => {
          r.total_amount_cents = 1;
        },
      ),
    );
    const message = await refused(altered, 'READ_TABLES_DIFFER');
    expect(message).toContain('ne sont pas ce que donne son journal rejoué');
    expect(message).toContain('total_amount_cents');
    expect(message).toContain('Rien n’a été restauré.');
  });

  it("an order line's quantity, and a day's sales", async () => {
    const line = resign(
      edit(
        backup,
        'order_items',
        (r) => r.position === 0,
        (r) => {
          r.quantity = 7;
        },
      ),
    );
    expect(await refused(line, 'READ_TABLES_DIFFER')).toContain('quantity');
    const sales = resign(
      edit(
        backup,
        'daily_product_sales',
        () => true,
        (r) => {
          r.quantity = 99;
        },
      ),
    );
    expect(await refused(sales, 'READ_TABLES_DIFFER')).toContain('daily_product_sales');
  });

  it("an intervention's town", async () => {
    const altered = resign(
      edit(
        backup,
        'interventions',
        () => true,
        (r) => {
          r.city = 'Rouen';
        },
      ),
    );
    expect(await refused(altered, 'READ_TABLES_DIFFER')).toMatch(/interventions .* : city/);
  });
});

describe('a backup this version cannot read whole is refused in French', () => {
  it('a newer format', async () => {
    const header = JSON.parse(backup[0]!);
    const newer = [`${JSON.stringify({ ...header, version: 3 })}\n`, ...backup.slice(1)];
    expect(await refused(newer, 'NEWER_FORMAT')).toBe(RESTORE_MESSAGES.newerFormat(3));
  });

  it('an unsigned backup (format 1)', async () => {
    const header = JSON.parse(backup[0]!);
    const old = [`${JSON.stringify({ ...header, version: 1 })}\n`, ...backup.slice(1)];
    expect(await refused(old, 'UNSIGNED_BACKUP')).toBe(RESTORE_MESSAGES.unsigned(1));
  });

  it('a newer or an older schema (migrations)', async () => {
    const header = JSON.parse(backup[0]!);
    const newer = resign([`${JSON.stringify({ ...header, schema: '9999' })}\n`, ...backup.slice(1)]);
    expect(await refused(newer, 'NEWER_SCHEMA')).toContain('version plus récente de la boutique');
    const older = resign([`${JSON.stringify({ ...header, schema: '0001' })}\n`, ...backup.slice(1)]);
    expect(await refused(older, 'OLDER_SCHEMA')).toContain('version plus ancienne de la boutique');
  });

  it('a column this database does not have (signed by a server whose table had it)', async () => {
    const other = await createTestDatabase();
    try {
      await createProduct(other.sql, { title: 'Appât' });
      await other.sql`alter table products add column note_interne text default 'secret'`;
      const lines: string[] = [];
      await writeBackup(other.sql, KEY, (line) => void lines.push(line));
      expect(await refused(lines, 'UNKNOWN_COLUMNS')).toBe(
        RESTORE_MESSAGES.unknownColumns('products.note_interne'),
      );
    } finally {
      await other.drop();
    }
  });

  it('a table this database does not have', async () => {
    const other = await createTestDatabase();
    try {
      await other.sql`create table fidelite (id int primary key)`;
      await other.sql`insert into fidelite values (1)`;
      const lines: string[] = [];
      await writeBackup(other.sql, KEY, (line) => void lines.push(line));
      expect(await refused(lines, 'UNKNOWN_TABLES')).toBe(RESTORE_MESSAGES.unknownTables('fidelite'));
    } finally {
      await other.drop();
    }
  });
});

describe('the back-office download is the same signed backup', () => {
  it('restores with the key of the server that served it', async () => {
    const services = createTestServices(shop.db, { AUDIT_KEY: KEY });
    const app = await startHttpApp(shop.db, { AUDIT_KEY: KEY });
    try {
      const { browserClient } = await import('../support/http-app.js');
      const boss = browserClient(app);
      await boss.signIn(shop.users.admin.email, shop.users.admin.password);
      const res = await fetch(`http://127.0.0.1:${app.port}/api/admin/backup`, {
        headers: { cookie: boss.cookie },
      });
      expect(res.status).toBe(200);
      const lines = (await res.text()).split(/(?<=\n)/);
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'end', signature: expect.any(String) });
      const target = await createTestDatabase();
      try {
        const result = await restoreBackup(target.sql, source(lines), {
          auditKey: services.config.AUDIT_KEY,
        });
        expect(result.report.ok).toBe(true);
      } finally {
        await target.drop();
      }
    } finally {
      await app.close();
    }
  });
});
