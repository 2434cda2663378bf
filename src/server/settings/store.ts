/**
 * The shop settings in PostgreSQL (migration 0011): one row of current settings shared by every
 * instance, and a history row per save. Reads go through a short in-process cache (SETTINGS_TTL_MS):
 * a save on another instance is seen within that time, and at once where its NOTIFY arrives.
 * Orders read the row inside their own transaction, never from the cache.
 */
import { DEFAULT_SETTINGS, type ShopSettings, shopSettingsSchema } from '../../domain/settings/settings.js';
import type { Config } from '../config.js';
import type { Sql, Tx } from '../db/client.js';
import { announceCacheClear, clearLocalCaches, registerCache } from './caches.js';

export const SETTINGS_TTL_MS = 1000;

export interface StoredSettings {
  settings: ShopSettings;
  /** ISO time of the last save (null: never saved, the defaults apply). */
  updatedAt: string | null;
  updatedByEmail: string | null;
}

interface Row {
  shopName: string;
  shopDescription: string;
  shopEmail: string;
  shopPhone: string;
  shopAddress: string;
  currency: string;
  taxRate: string;
  shippingEnabled: boolean;
  freeShippingThresholdCents: number;
  defaultShippingCostCents: number;
  notificationsEnabled: boolean;
  emailNotifications: boolean;
  orderNotifications: boolean;
  lowStockAlerts: boolean;
  lowStockThreshold: number;
  customerStatusMails: boolean;
  contactNotifications: boolean;
  maintenanceMode: boolean;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  hostPhone: string;
  mediatorName: string;
  mediatorAddress: string;
  mediatorWebsite: string;
  iban: string;
  bic: string;
  chequePayee: string;
  updatedAt: Date;
  updatedByEmail: string | null;
}

/** The defaults of the spec, with the contact details of the configuration (SHOP_EMAIL, SHOP_PHONE). */
export const settingsDefaults = (config?: Pick<Config, 'SHOP_EMAIL' | 'SHOP_PHONE'>): ShopSettings =>
  config
    ? { ...DEFAULT_SETTINGS, shopEmail: config.SHOP_EMAIL, shopPhone: config.SHOP_PHONE }
    : DEFAULT_SETTINGS;

function fromRow(row: Row): StoredSettings {
  return {
    settings: {
      shopName: row.shopName,
      shopDescription: row.shopDescription,
      shopEmail: row.shopEmail,
      shopPhone: row.shopPhone,
      shopAddress: row.shopAddress,
      currency: 'EUR',
      taxRate: Number(row.taxRate),
      shippingEnabled: row.shippingEnabled,
      freeShippingThresholdCents: row.freeShippingThresholdCents,
      defaultShippingCostCents: row.defaultShippingCostCents,
      notificationsEnabled: row.notificationsEnabled,
      emailNotifications: row.emailNotifications,
      orderNotifications: row.orderNotifications,
      lowStockAlerts: row.lowStockAlerts,
      lowStockThreshold: row.lowStockThreshold,
      customerStatusMails: row.customerStatusMails,
      contactNotifications: row.contactNotifications,
      maintenanceMode: row.maintenanceMode,
      // Mentions légales (migration 0035)
      publicationDirector: row.publicationDirector,
      hostName: row.hostName,
      hostAddress: row.hostAddress,
      hostPhone: row.hostPhone,
      mediatorName: row.mediatorName,
      mediatorAddress: row.mediatorAddress,
      mediatorWebsite: row.mediatorWebsite,
      // Paiement (migration 0080)
      iban: row.iban,
      bic: row.bic,
      chequePayee: row.chequePayee,
    },
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** The current settings, read now (in the caller's transaction when given one). */
export async function readSettings(
  sql: Tx,
  config?: Pick<Config, 'SHOP_EMAIL' | 'SHOP_PHONE'>,
): Promise<StoredSettings> {
  const [row] = await sql<Row[]>`select * from shop_settings where id`;
  return row ? fromRow(row) : { settings: settingsDefaults(config), updatedAt: null, updatedByEmail: null };
}

const cache = new WeakMap<Sql, { at: number; generation: number; value: Promise<StoredSettings> }>();
let generation = 0;
registerCache('settings', () => {
  generation += 1;
});

/** The current settings through the short cache (pages, maintenance checks, the storefront). */
export function cachedSettings(
  sql: Sql,
  config?: Pick<Config, 'SHOP_EMAIL' | 'SHOP_PHONE'>,
): Promise<StoredSettings> {
  const hit = cache.get(sql);
  const now = Date.now();
  if (hit && now - hit.at < SETTINGS_TTL_MS && hit.generation === generation) return hit.value;
  const value = readSettings(sql, config);
  const entry = { at: now, generation, value };
  cache.set(sql, entry);
  value.catch(() => cache.get(sql) === entry && cache.delete(sql));
  return value;
}

/** The columns of shop_settings for a set (money in cents). */
const settingsRow = (s: ShopSettings) => ({
  shopName: s.shopName,
  shopDescription: s.shopDescription,
  shopEmail: s.shopEmail,
  shopPhone: s.shopPhone,
  shopAddress: s.shopAddress,
  currency: s.currency,
  taxRate: s.taxRate,
  shippingEnabled: s.shippingEnabled,
  freeShippingThresholdCents: s.freeShippingThresholdCents,
  defaultShippingCostCents: s.defaultShippingCostCents,
  notificationsEnabled: s.notificationsEnabled,
  emailNotifications: s.emailNotifications,
  orderNotifications: s.orderNotifications,
  lowStockAlerts: s.lowStockAlerts,
  lowStockThreshold: s.lowStockThreshold,
  customerStatusMails: s.customerStatusMails,
  contactNotifications: s.contactNotifications,
  maintenanceMode: s.maintenanceMode,
  // Mentions légales (migration 0035)
  publicationDirector: s.publicationDirector,
  hostName: s.hostName,
  hostAddress: s.hostAddress,
  hostPhone: s.hostPhone,
  mediatorName: s.mediatorName,
  mediatorAddress: s.mediatorAddress,
  mediatorWebsite: s.mediatorWebsite,
  // Paiement (migration 0080)
  iban: s.iban,
  bic: s.bic,
  chequePayee: s.chequePayee,
});

/** Stores a first set when none exists (the demo seed); never overwrites a saved one. */
export async function storeInitialSettings(sql: Tx, settings: ShopSettings): Promise<void> {
  const values = settingsRow(shopSettingsSchema.parse(settings));
  await sql`insert into shop_settings ${sql(values)} on conflict (id) do nothing`;
}

/** Saves a whole set (parsed again here: the one schema), records it in the history, tells every instance. */
export async function saveSettings(
  sql: Sql,
  input: unknown,
  by: { id: string; email: string },
): Promise<StoredSettings> {
  const s = shopSettingsSchema.parse(input);
  const saved = await sql.begin(async (tx) => {
    const values = { ...settingsRow(s), updatedAt: new Date(), updatedBy: by.id, updatedByEmail: by.email };
    const [row] = await tx<Row[]>`
      insert into shop_settings ${tx(values)}
      on conflict (id) do update set ${tx(values)}
      returning *`;
    await tx`
      insert into shop_settings_history (settings, saved_at, saved_by, saved_by_email)
      values (${tx.json(s as never)}, ${values.updatedAt}, ${by.id}, ${by.email})`;
    await announceCacheClear(tx);
    return fromRow(row as Row);
  });
  // Again after the commit: a read between the clear above and the commit cached the old row.
  clearLocalCaches();
  return saved;
}

export interface SettingsChange {
  id: number;
  savedAt: string;
  savedByEmail: string | null;
  settings: ShopSettings;
}

/** The latest saves, newest first. */
export async function settingsHistory(sql: Tx, limit = 20): Promise<SettingsChange[]> {
  const rows = await sql<
    { id: number; savedAt: Date; savedByEmail: string | null; settings: ShopSettings }[]
  >`
    select id, saved_at, saved_by_email, settings from shop_settings_history
     order by id desc limit ${limit}`;
  return rows.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }));
}
