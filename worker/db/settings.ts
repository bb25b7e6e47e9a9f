import { inArray } from "drizzle-orm";
import type { Db } from "./client";
import { settings } from "./schema";

// Operator settings with the defaults a fresh database falls back to.
export const settingDefaults = {
  kefu_url: "https://t.me/",
  android_url: "",
  ios_url: "",
  withdraw_daily_cap_cents: 5_000_000,
  deposit_min_cents: 1_000,
  vip_thresholds_cents: [0, 100_000, 500_000, 2_000_000, 5_000_000, 10_000_000, 50_000_000, 100_000_000],
};

export type Settings = typeof settingDefaults;
export type SettingKey = keyof Settings;

export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const out = {} as Pick<Settings, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    out[key] = row ? (JSON.parse(row.value) as Settings[K]) : settingDefaults[key];
  }
  return out;
}
