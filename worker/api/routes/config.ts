import { Hono } from "hono";
import { ok } from "../envelope";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { getDb, type Db } from "../../db/client";
import { readSettings } from "../../db/settings";
import { ExpiringCache } from "../../lib/expiring-cache";
import { SMS_RESEND_LOCK_MS } from "../../players/sms";

export const configRoutes = new Hono<AppEnv>();

const PUBLIC_KEYS = ["kefu_url", "android_url", "ios_url", "deposit_min_cents", "currency_label"] as const;

/**
 * getconfig's settings, read once per isolate every 30 s: every page's root loader asks for them
 * (docs/decisions/100). An operator's change shows within 30 s, as with the edge cache of public
 * answers (docs/decisions/082). Money rules read their own settings fresh.
 */
const publicSettingsCache = new ExpiringCache<"public", Awaited<ReturnType<typeof readPublicSettings>>>(30_000);
const readPublicSettings = (db: Db) => readSettings(db, [...PUBLIC_KEYS]);

/** Forgets the remembered public settings (tests that change settings in the database). */
export const forgetPublicSettings = () => publicSettingsCache.forget();

/** Public app configuration (SPEC.md 3 App config): support link, app downloads, currency. */
configRoutes.post("/api/index/getconfig", async (c) => {
  const config = readConfig(c.env);
  const s = await publicSettingsCache.get("public", () => readPublicSettings(getDb(c.env)));
  return ok(c, {
    kefu_url: s.kefu_url,
    android_url: s.android_url,
    ios_url: s.ios_url,
    // the operator's choice wins over the deployment's CURRENCY_LABEL (worker/operators/settings.ts)
    currency: s.currency_label || config.currencyLabel,
    deposit_min: s.deposit_min_cents / 100,
    sms_resend_seconds: SMS_RESEND_LOCK_MS / 1000,
    close_seconds: config.closeSeconds,
    languages: ["en", "chs", "cht", "vi"],
  });
});
