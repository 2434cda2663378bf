import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, MigrationError, migrate } from '../../src/server/db/migrate.js';
import { migrationsDir } from '../../src/server/paths.js';
import { seed } from '../../src/server/seed/seed.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('migrations', () => {
  it('records every numbered file once and applies nothing twice', async () => {
    const files = await listMigrations();
    const rows = await db.sql<{ version: string }[]>`select version from schema_migrations order by version`;
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.version));
    expect(await migrate(db.sql)).toEqual([]);
  });

  it('rolls a failing migration back whole and reports the database message', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'h27-mig-'));
    await cp(migrationsDir, dir, { recursive: true });
    await writeFile(
      path.join(dir, '9999_broken.sql'),
      'create table should_not_exist (id int);\nselect * from table_that_does_not_exist;\n',
    );
    const error = await migrate(db.sql, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toContain('table_that_does_not_exist');
    const [table] = await db.sql`select to_regclass('should_not_exist') as t`;
    expect(table?.t).toBeNull();
    const [recorded] = await db.sql`select 1 from schema_migrations where version = '9999'`;
    expect(recorded).toBeUndefined();
    expect(await readFile(path.join(dir, '9999_broken.sql'), 'utf8')).toContain('broken'.slice(0, 0));
  });
});

describe('seed', () => {
  it('creates the demo catalogue and the admin once, and never overwrites admin changes', async () => {
    const services = createTestServices(db, {
      ADMIN_EMAIL: 'patron@example.fr',
      ADMIN_PASSWORD: 'secret-patron',
    });
    await seed(db.sql, services.auth, services.config);
    const products = await db.sql<
      { slug: string; stockQuantity: number }[]
    >`select slug, stock_quantity from products`;
    expect(products.length).toBeGreaterThanOrEqual(12);
    const [admin] =
      await db.sql`select p.role from users u join profiles p on p.id = u.id where u.email = 'patron@example.fr'`;
    expect(admin?.role).toBe('admin');

    await db.sql`update products set price_cents = 1 where slug = 'piege-a-rats-mecanique-professionnel'`;
    await db.sql`delete from products where slug = 'piege-guepes-reutilisable'`;
    await seed(db.sql, services.auth, services.config);
    const [changed] =
      await db.sql`select price_cents from products where slug = 'piege-a-rats-mecanique-professionnel'`;
    expect(changed?.priceCents).toBe(1);
    const [deleted] = await db.sql`select 1 from products where slug = 'piege-guepes-reutilisable'`;
    expect(deleted).toBeUndefined();
    const [{ count }] = (await db.sql`select count(*)::int as count from users`) as unknown as [
      { count: number },
    ];
    expect(count).toBe(1);
  });
});

describe('tRPC chain', () => {
  it('serves the public product list and the session through the real router', async () => {
    const services = createTestServices(db);
    const anonymous = callerAs(services, null);
    const list = await anonymous.catalog.list();
    expect(Array.isArray(list)).toBe(true);
    expect(await anonymous.session.me()).toBeNull();
    const user = await createUser(services);
    expect((await callerAs(services, user).session.me())?.email).toBe(user.email);
  });

  it('answers an unknown product with the French message and a typed code', async () => {
    const services = createTestServices(db);
    const error = await callerAs(services, null)
      .catalog.byId({ id: '00000000-0000-0000-0000-000000000000' })
      .catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('NOT_FOUND');
    expect((error as Error).message).toBe('Produit non trouvé');
  });
});
