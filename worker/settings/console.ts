import type { ControlDb } from "../db/client";
import type { ConsoleSettings, SettingsSaved } from "#shared/answers/console-operators";
import { asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import * as z from "zod";
import { parseBody } from "#shared/fields";
import { MAX_INVITATION_CODES, settingsForm } from "#shared/forms/settings";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { invitationCodes, settings } from "../db/schema";
import { readSettings, type SettingKey, type Settings } from "./settings";
import type { DepositPayee } from "#shared/answers/wallet";
import { toMoney } from "#shared/money";
import {
  listSettingRequests,
  raceLostOrThrow,
  settingAskStatements,
  type MoneySetting,
  type SettingAsk,
} from "./setting-requests";

// The operator's settings screen (docs/product.md#accounts-and-security, docs/product.md#operators): every value checked here, written with its audit
// row in one batch; a bad value is refused with its own code and nothing is written. The deposit payees, the
// coin payout rates, the deposit mode and the support link are money: a change of them is filed as a request a
// second admin approves (worker/settings/setting-requests.ts, docs/decisions/167-money-settings-four-eyes.md,
// 171), in the same batch.

const EDITABLE = [
  "kefu_url",
  "android_url",
  "ios_url",
  "currency_label",
  "vip_thresholds_cents",
  "withdraw_daily_cap_cents",
  "deposit_mode",
  "deposit_payees",
  "coin_payouts",
] as const;
/** Shown, not edited here: the four-eyes limits (docs/decisions/141), so that no operator raises their own. */
const FOUR_EYES = [
  "adjust_max_cents",
  "adjust_second_approval_cents",
  "adjust_operator_daily_cents",
  "deposit_max_cents",
  "deposit_second_approval_cents",
  "odds_confirm_rtp_ppm",
] as const;

/** The settings as the screen shows them: amounts as money, the currency label resolved. */
export async function operatorSettings(db: ControlDb, deploymentCurrency: string) {
  const s = await readSettings(db, [...EDITABLE, ...FOUR_EYES]);
  const codes = await db
    .select({ code: invitationCodes.code })
    .from(invitationCodes)
    .where(eq(invitationCodes.active, 1))
    .orderBy(asc(invitationCodes.code))
    .limit(MAX_INVITATION_CODES);
  return present(
    s,
    codes.map((c) => c.code),
    deploymentCurrency,
  );
}

function present(
  s: Pick<Settings, (typeof EDITABLE)[number] | (typeof FOUR_EYES)[number]>,
  invitations: string[],
  deploymentCurrency: string,
): ConsoleSettings {
  return {
    kefu_url: s.kefu_url,
    android_url: s.android_url,
    ios_url: s.ios_url,
    currency_label: s.currency_label || deploymentCurrency,
    vip_thresholds: s.vip_thresholds_cents.map(toMoney),
    withdraw_daily_cap: toMoney(s.withdraw_daily_cap_cents),
    deposit_mode: s.deposit_mode === "contact" ? "contact" : "request",
    payees: s.deposit_payees,
    coin_payouts: s.coin_payouts,
    invitations,
    four_eyes: {
      adjust_max: toMoney(s.adjust_max_cents),
      adjust_second_approval: toMoney(s.adjust_second_approval_cents),
      adjust_operator_daily: toMoney(s.adjust_operator_daily_cents),
      deposit_max: toMoney(s.deposit_max_cents),
      deposit_second_approval: toMoney(s.deposit_second_approval_cents),
      odds_confirm_rtp_ppm: s.odds_confirm_rtp_ppm,
    },
  };
}

/**
 * Writes the fields given (a tool may send one), with one audit row holding before and after; a changed
 * deposit payee list, coin payout rate, deposit mode or support link is filed as a request instead (answered
 * in `waiting`), and the settings keep the approved value until a second admin approves it.
 */
export async function updateSettings(
  db: ControlDb,
  operatorId: number,
  body: unknown,
  deploymentCurrency: string,
  nowMs: number,
): Promise<SettingsSaved> {
  const form = parseBody(settingsForm, body);
  const values: Partial<Record<SettingKey, unknown>> = {
    android_url: form.android_url,
    ios_url: form.ios_url,
    currency_label: form.currency_label,
    vip_thresholds_cents: form.vip_thresholds,
    withdraw_daily_cap_cents: form.withdraw_daily_cap,
  };
  const given = Object.entries(values).filter(([, v]) => v !== undefined) as [SettingKey, unknown][];
  const before = await operatorSettings(db, deploymentCurrency);
  const asks: SettingAsk<MoneySetting>[] = [];
  if (form.payees) asks.push({ key: "deposit_payees", before: before.payees, value: form.payees as DepositPayee[] });
  if (form.coin_payouts) asks.push({ key: "coin_payouts", before: before.coin_payouts, value: form.coin_payouts });
  if (form.deposit_mode !== undefined)
    asks.push({ key: "deposit_mode", before: before.deposit_mode, value: form.deposit_mode });
  if (form.kefu_url !== undefined) asks.push({ key: "kefu_url", before: before.kefu_url, value: form.kefu_url });
  const asked = await settingAskStatements(db, operatorId, asks, nowMs);
  const statements: BatchItem<"sqlite">[] = given.map(([key, value]) =>
    db
      .insert(settings)
      .values({ key, value: JSON.stringify(value) })
      .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value) } }),
  );
  if (form.invitations) statements.push(...invitationStatements(db, form.invitations));
  const waiting = async () =>
    (await listSettingRequests(db)).filter((r) => r.key !== "banner").map((r) => ({ id: r.id, key: r.key }));
  if (statements.length === 0 && asked.statements.length === 0) return { ...before, waiting: await waiting() };
  const after = { ...before, ...presentGiven(form, deploymentCurrency) };
  const update =
    statements.length === 0
      ? []
      : [
          ...statements,
          auditStatement(db, {
            actorId: operatorId,
            action: "settings.update",
            target: "settings",
            before: changed(before, after, "before"),
            after: changed(before, after, "after"),
            nowMs,
          }),
        ];
  await runInOneBatch(db, [...update, ...asked.statements]).catch((error: unknown) =>
    asked.filed.length ? raceLostOrThrow(db, asked.filed, error) : Promise.reject(error),
  );
  // `filed`: what this save asked for (the toast says a change waits only when this save made one)
  return { ...after, waiting: await waiting(), filed: asked.filed };
}

/** The listed codes are open, every other one closed (kept: players registered with it still name it). */
function invitationStatements(db: ControlDb, codes: string[]) {
  const list = JSON.stringify(codes);
  return [
    db.run(
      sql`UPDATE ${invitationCodes} SET active = CASE WHEN code IN (SELECT value FROM json_each(${list})) THEN 1 ELSE 0 END`,
    ),
    db.run(sql`INSERT INTO ${invitationCodes} (code, active) SELECT value, 1 FROM json_each(${list}) WHERE true
      ON CONFLICT(code) DO UPDATE SET active = 1`),
  ];
}

function presentGiven(form: z.output<typeof settingsForm>, deploymentCurrency: string) {
  const out: Record<string, unknown> = {};
  for (const key of ["android_url", "ios_url", "invitations"] as const)
    if (form[key] !== undefined) out[key] = form[key];
  if (form.currency_label !== undefined) out.currency_label = form.currency_label || deploymentCurrency;
  if (form.vip_thresholds) out.vip_thresholds = form.vip_thresholds.map(toMoney);
  if (form.withdraw_daily_cap !== undefined) out.withdraw_daily_cap = toMoney(form.withdraw_daily_cap);
  return out;
}

function changed(before: Record<string, unknown>, after: Record<string, unknown>, side: "before" | "after") {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      out[key] = side === "before" ? before[key] : after[key];
  }
  return out;
}
