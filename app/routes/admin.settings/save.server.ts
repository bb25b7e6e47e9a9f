import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { consoleMoney } from "~/lib/console-confirm.server";
import { consoleFieldErrors, fieldsRefused } from "~/lib/console-fields.server";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin } from "~/lib/operator.server";
import { redirectWithToast } from "~/lib/flash.server";
import { MAX_CAP_CENTS, MIN_CAP_CENTS, settingsForm } from "#shared/forms/settings";
import { PAYOUT_COINS } from "#shared/payouts";
import type { Answered } from "~/lib/answers/answered";
import type { SettingsAnswer } from "./answer";

/** The settings as the API takes them, read from the posted form. */
function settingsBody(form: FormData) {
  const field = (name: string) => String(form.get(name) ?? "");
  const all = (name: string) => form.getAll(name).map(String);
  const [types, names, holders, accounts] = [
    all("payee_type"),
    all("payee_name"),
    all("payee_holder"),
    all("payee_account"),
  ];
  // A row left blank is no account; a half-filled one goes to the API, which refuses it (1145).
  const payees = names
    .map((name, i) => ({ type: types[i] ?? "bank", name, holder: holders[i] ?? "", account: accounts[i] ?? "" }))
    .filter((p) => [p.name, p.holder, p.account].some((v) => v.trim() !== ""));
  return {
    kefu_url: field("kefu_url"),
    android_url: field("android_url"),
    ios_url: field("ios_url"),
    currency_label: field("currency_label"),
    vip_thresholds: all("vip"),
    withdraw_daily_cap: field("withdraw_daily_cap"),
    deposit_mode: field("deposit_mode"),
    payees,
    // a coin with both boxes empty has no rate: its withdrawals say so on the approval card
    coin_payouts: Object.fromEntries(
      PAYOUT_COINS.map((coin) => ({
        coin,
        rate: field(`coin_rate_${coin}`).trim(),
        fee: field(`coin_fee_${coin}`).trim(),
      }))
        .filter((p) => p.rate !== "" || p.fee !== "")
        .map((p) => [p.coin, { rate: p.rate, fee: p.fee }]),
    ),
    invitations: field("invitations")
      .split(/[\s,]+/)
      .filter((code) => code !== ""),
  };
}

/**
 * One save for the whole screen: the API checks every value and writes all or nothing, audited; a change of
 * the deposit accounts, coin payouts, deposit mode or support link is filed for a second admin instead, which
 * the message says.
 */
export async function save(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: FormData,
): Promise<Answered<SettingsAnswer>> {
  const body = settingsBody(form);
  const t = await i18nServer.getFixedT(request, "admin");
  const money = await consoleMoney(context);
  const problems = await consoleFieldErrors(
    request,
    settingsForm,
    body,
    {
      kefu_url: t("fields.link"),
      android_url: t("fields.link"),
      ios_url: t("fields.link"),
      withdraw_daily_cap: t("fields.money", { min: money(MIN_CAP_CENTS / 100), max: money(MAX_CAP_CENTS / 100) }),
    },
    { vip_thresholds: "vip", coin_payouts: "coin_payouts" },
  );
  // every field comes back as typed: without JavaScript the refused page is new (use-typed-back.ts)
  const typed = Object.fromEntries([...new Set(form.keys())].map((name) => [name, form.getAll(name).map(String)]));
  if (problems) return fieldsRefused(problems, { typedSettings: typed });
  const answer = await callAdmin(request, context, "/api/admin/settings/update", body);
  if (answer.code !== 1) return data({ error: answer.info, data: null }, { status: 400 });
  const filed = answer.data.filed?.length ?? 0;
  return redirectWithToast(context, "/admin/settings", t(filed ? "settings.savedWaiting" : "settings.saved"));
}
