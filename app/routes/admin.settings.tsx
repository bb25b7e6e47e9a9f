import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { NoDepositAccount } from "~/components/admin/NoDepositAccount";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { consoleMoney } from "~/lib/console-confirm.server";
import { consoleFieldErrors, fieldsRefused } from "~/lib/console-fields.server";
import { formatDecimal } from "~/lib/number-format";
import { readForm } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin, loadAdmin } from "~/lib/operator.server";
import { redirectWithToast } from "~/lib/flash.server";
import { ConfirmSettingDecision, SettingRequests, type SettingDecision } from "~/components/admin/SettingRequests";
import { MAX_CAP_CENTS, MIN_CAP_CENTS, settingsForm } from "#shared/forms/settings";
import { PAYOUT_COINS, type CoinPayouts } from "#shared/payouts";
import type { ConsoleSettings } from "#shared/answers/console-operators";

export const handle = { title: "admin:settings.title" };

type Payee = { type: "bank" | "wallet"; name: string; holder: string; account: string };
const PAYEE_ROWS = 5;

/** The settings, with the changes of deposit accounts, coin payouts, deposit mode and support link that wait for a second admin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [settings, requests, me] = await Promise.all([
    loadAdmin(request, context, "/api/admin/settings"),
    loadAdmin(request, context, "/api/admin/settings/requests"),
    loadAdmin(request, context, "/api/admin/me"),
  ]);
  return { ...settings, requests: requests.list, me: { id: me.id, role: me.role } };
}

/**
 * A decision on a waiting change is two steps, without JavaScript too: the first submit shows what it will do,
 * naming the setting, its approved value and the one asked for (read from the API, not the form); only the
 * confirming submit (confirmed=yes) decides.
 */
async function decide(request: Request, context: ActionFunctionArgs["context"], form: FormData) {
  const t = await i18nServer.getFixedT(request, "admin");
  const intent = form.get("intent") === "approve" ? "approve" : "reject";
  const id = Number(form.get("id"));
  const { list } = await loadAdmin(request, context, "/api/admin/settings/requests");
  const me = await loadAdmin(request, context, "/api/admin/me");
  const r = list.find((x) => x.id === id);
  if (!r) return data({ error: t("errors:1128") }, { status: 400 });
  if (form.get("confirmed") !== "yes") {
    const decision: SettingDecision = {
      intent,
      id,
      key: r.key,
      from: r.before,
      to: r.after,
      by: r.requestedBy,
      own: r.requestedById === me.id,
    };
    return data({ decide: decision });
  }
  const answer = await callAdmin(request, context, `/api/admin/settings/requests/${intent}`, { id });
  if (answer.code !== 1) return data({ error: answer.info }, { status: 400 });
  const what = t(`settings.requestWhat.${r.key}`);
  return redirectWithToast(
    context,
    "/admin/settings",
    t(intent === "approve" ? "settings.approvedDone" : "settings.rejectedDone", { what }),
  );
}

/**
 * One save for the whole screen: the API checks every value and writes all or nothing, audited; a change of
 * the deposit accounts, coin payouts, deposit mode or support link is filed for a second admin instead, which
 * the message says.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "approve" || intent === "reject") return decide(request, context, form);
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
  const body = {
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
  // every field comes back as typed: without JavaScript the refused page is new (typedBack below)
  const typed = Object.fromEntries([...new Set(form.keys())].map((name) => [name, all(name)]));
  if (problems) return fieldsRefused(problems, { typed });
  const answer = await callAdmin(request, context, "/api/admin/settings/update", body);
  if (answer.code !== 1) return data({ error: answer.info, data: null }, { status: 400 });
  const filed = answer.data.filed?.length ?? 0;
  return redirectWithToast(context, "/admin/settings", t(filed ? "settings.savedWaiting" : "settings.saved"));
}

/** What the refused save posted for a field (its i-th value), or what the settings hold. */
function useTypedBack() {
  const typed = useActionData<{ typed?: Record<string, string[]> }>()?.typed;
  return (name: string, fallback: string, i = 0) => typed?.[name]?.[i] ?? fallback;
}

function TextField({
  name,
  label,
  value,
  hint,
  type = "text",
  decimal,
}: {
  name: string;
  label: string;
  value: string;
  hint?: string;
  type?: string;
  decimal?: boolean;
}) {
  const error = useFieldError()(name);
  const back = useTypedBack();
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        name={name}
        type={type}
        defaultValue={back(name, value)}
        inputMode={decimal ? "decimal" : undefined}
        {...invalidProps(error, name)}
      />
      <FieldError message={error} name={name} />
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}

/** Per payout coin, the rate a withdrawal is paid at and the network fee taken from what is sent (shared/payouts.ts). */
function CoinPayoutFields({ rates, currency }: { rates: CoinPayouts; currency: string }) {
  const { t } = useTranslation("admin");
  const error = useFieldError()("coin_payouts");
  const back = useTypedBack();
  return (
    <section className="admin-card settings-group" aria-labelledby="settings-coins">
      <h2 id="settings-coins">{t("settings.coins")}</h2>
      <p className="muted">{t("settings.coinsHint", { currency })}</p>
      <FieldError message={error} name="coin_payouts" />
      <div className="coin-grid">
        {PAYOUT_COINS.map((coin) => (
          <div key={coin} className="coin-row" role="group" aria-label={coin}>
            <strong>{coin}</strong>
            <label className="field">
              <span className="field-label">{t("settings.coinRate", { coin, currency })}</span>
              <input
                name={`coin_rate_${coin}`}
                inputMode="decimal"
                defaultValue={back(`coin_rate_${coin}`, rates[coin]?.rate ?? "")}
                {...invalidProps(error, "coin_payouts")}
              />
            </label>
            <label className="field">
              <span className="field-label">{t("settings.coinFee", { coin })}</span>
              <input
                name={`coin_fee_${coin}`}
                inputMode="decimal"
                defaultValue={back(`coin_fee_${coin}`, rates[coin]?.fee ?? "")}
                {...invalidProps(error, "coin_payouts")}
              />
            </label>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The four-eyes limits of balance adjustments: shown so operators know them, edited by no operator. */
function FourEyes({ limits, currency }: { limits: ConsoleSettings["four_eyes"]; currency: string }) {
  const { t } = useTranslation("admin");
  const money = (v: number) => `${formatDecimal(v, 2, 2)} ${currency}`;
  const rows = [
    ["settings.adjustMax", money(limits.adjust_max)],
    ["settings.adjustSecond", money(limits.adjust_second_approval)],
    ["settings.adjustOperator", money(limits.adjust_operator_daily)],
    ["settings.depositMax", money(limits.deposit_max)],
    ["settings.depositSecond", money(limits.deposit_second_approval)],
    ["settings.oddsConfirm", `${formatDecimal(limits.odds_confirm_rtp_ppm / 10_000, 2, 2)} %`],
  ];
  return (
    <section className="admin-card settings-group" aria-labelledby="settings-adjust" data-testid="four-eyes">
      <h2 id="settings-adjust">{t("settings.adjust")}</h2>
      <p className="muted">{t("settings.adjustHint")}</p>
      <dl className="limit-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function SettingsPage() {
  const { requests, me, ...s } = useLoaderData<typeof loader>();
  const decision = useActionData<{ decide?: SettingDecision }>()?.decide;
  const { t } = useTranslation("admin");
  const error = useFieldError();
  const back = useTypedBack();
  const payeeRows = [...s.payees, ...Array(Math.max(0, PAYEE_ROWS - s.payees.length)).fill(null)] as (Payee | null)[];
  return (
    <main className="admin-main">
      <h1>{t("settings.title")}</h1>
      <ActionError />
      {decision ? <ConfirmSettingDecision decision={decision} /> : null}
      {s.deposit_mode === "request" && s.payees.length === 0 ? <NoDepositAccount onSettings /> : null}
      <SettingRequests requests={requests} me={me} />
      <Form method="post" className="form settings-form" key={JSON.stringify(s)}>
        <section className="admin-card settings-group" aria-labelledby="settings-1">
          <h2 id="settings-1">{t("settings.links")}</h2>
          <TextField
            name="kefu_url"
            type="url"
            label={t("settings.kefuUrl")}
            value={s.kefu_url}
            hint={t("settings.linkHint")}
          />
          <TextField name="android_url" type="url" label={t("settings.androidUrl")} value={s.android_url} />
          <TextField name="ios_url" type="url" label={t("settings.iosUrl")} value={s.ios_url} />
        </section>
        <section className="admin-card settings-group" aria-labelledby="settings-2">
          <h2 id="settings-2">{t("settings.money")}</h2>
          <label className="field">
            <span className="field-label">{t("settings.currency")}</span>
            <select name="currency_label" defaultValue={back("currency_label", s.currency_label)}>
              <option>USD</option>
              <option>RM</option>
            </select>
          </label>
          <TextField
            name="withdraw_daily_cap"
            label={t("settings.withdrawCap")}
            value={s.withdraw_daily_cap.toFixed(2)}
            decimal
          />
          {/* two choices with long words: radios show them whole on a phone, where a select cut them off */}
          <fieldset className="choice-group">
            <legend className="field-label">{t("settings.depositMode")}</legend>
            <small className="muted">{t("settings.depositModeHint")}</small>
            {(["request", "contact"] as const).map((mode) => (
              <label key={mode} className="check">
                <input
                  type="radio"
                  name="deposit_mode"
                  value={mode}
                  defaultChecked={back("deposit_mode", s.deposit_mode) === mode}
                />
                {t(mode === "request" ? "settings.modeRequest" : "settings.modeContact")}
              </label>
            ))}
          </fieldset>
        </section>
        <section className="admin-card settings-group" aria-labelledby="settings-3" id="deposit-accounts">
          <h2 id="settings-3">{t("settings.payees")}</h2>
          <p className="muted">{t("settings.payeesHint")}</p>
          <FieldError message={error("payees")} name="payees" />
          {payeeRows.map((p, i) => (
            <div key={i} className="payee-row" role="group" aria-label={t("settings.payeeN", { n: i + 1 })}>
              <select
                name="payee_type"
                defaultValue={back("payee_type", p?.type ?? "bank", i)}
                aria-label={t("settings.payeeType")}
              >
                <option value="bank">{t("settings.bank")}</option>
                <option value="wallet">{t("settings.wallet")}</option>
              </select>
              <input
                name="payee_name"
                defaultValue={back("payee_name", p?.name ?? "", i)}
                placeholder={t("settings.payeeName")}
                aria-label={t("settings.payeeName")}
              />
              <input
                name="payee_holder"
                defaultValue={back("payee_holder", p?.holder ?? "", i)}
                placeholder={t("settings.payeeHolder")}
                aria-label={t("settings.payeeHolder")}
              />
              <input
                name="payee_account"
                defaultValue={back("payee_account", p?.account ?? "", i)}
                placeholder={t("settings.payeeAccount")}
                aria-label={t("settings.payeeAccount")}
              />
            </div>
          ))}
        </section>
        <CoinPayoutFields rates={s.coin_payouts} currency={s.currency_label} />
        <section className="admin-card settings-group" aria-labelledby="settings-4">
          <h2 id="settings-4">{t("settings.vip")}</h2>
          <p className="muted">{t("settings.vipHint")}</p>
          <FieldError message={error("vip")} name="vip" />
          <div className="vip-grid">
            {s.vip_thresholds.map((v, i) => (
              <label key={i} className="field">
                <span className="field-label">{t("players.level", { level: i + 1 })}</span>
                <input
                  name="vip"
                  inputMode="decimal"
                  defaultValue={back("vip", v.toFixed(2), i)}
                  readOnly={i === 0}
                  {...invalidProps(error("vip"), "vip")}
                />
              </label>
            ))}
          </div>
        </section>
        <section className="admin-card settings-group" aria-labelledby="settings-5">
          <h2 id="settings-5">{t("settings.invitations")}</h2>
          <label className="field">
            <span className="field-label">{t("settings.invitationsHint")}</span>
            <textarea
              name="invitations"
              rows={4}
              defaultValue={back("invitations", s.invitations.join("\n"))}
              {...invalidProps(error("invitations"), "invitations")}
            />
            <FieldError message={error("invitations")} name="invitations" />
          </label>
        </section>
        <button className="button settings-save" type="submit">
          {t("settings.save")}
        </button>
      </Form>
      <FourEyes limits={s.four_eyes} currency={s.currency_label} />
    </main>
  );
}
