import { Hono } from "hono";
import { ok } from "../envelope";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { readSettings } from "../../settings/settings";
import { SMS_RESEND_LOCK_MS } from "../../players/sms";
import type { AppConfig } from "#shared/answers/account";

export const configRoutes = new Hono<AppEnv>();

const PUBLIC_KEYS = ["kefu_url", "android_url", "ios_url", "deposit_min_cents", "currency_label"] as const;

/** Public app configuration (docs/architecture.md#the-contract App config): support link, app downloads, currency. */
configRoutes.post("/api/index/getconfig", async (c) => {
  const config = readConfig(c.env);
  // Token-free, it is kept at the edge for PUBLIC_CACHE_SECONDS (docs/decisions/082): the one cache of public answers.
  const s = await readSettings(c.var.db.control, [...PUBLIC_KEYS]);
  return ok(c, {
    kefu_url: s.kefu_url,
    android_url: s.android_url,
    ios_url: s.ios_url,
    // the operator's choice wins over the deployment's CURRENCY_LABEL (worker/settings/console.ts)
    currency: s.currency_label || config.currencyLabel,
    deposit_min: s.deposit_min_cents / 100,
    sms_resend_seconds: SMS_RESEND_LOCK_MS / 1000,
    close_seconds: config.closeSeconds,
    languages: ["en", "chs", "cht", "vi"],
  } satisfies AppConfig);
});
