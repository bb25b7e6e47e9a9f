import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { Money } from "~/components/Money";
import { askToConfirm, consoleMoney, isConfirmed, repeatAccepted } from "~/lib/console-confirm.server";
import { fieldsRefused, type FieldErrors } from "~/lib/console-fields.server";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { redirectWithToast } from "~/lib/flash.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, loadAdmin } from "~/lib/operator.server";
import { PlayerTables } from "~/components/admin/PlayerTables";
import { PlayerProtection } from "~/components/admin/PlayerProtection";
import protectionStyles from "~/styles/protection.css?url";
import { RiskSummary } from "~/components/insight/RiskSummary";
import { PlayerTime } from "~/components/PlayerTime";
import { ADJUSTMENT_TEXTS, textFitsAmount, type AdjustmentText } from "#shared/adjustments";
import type { PlayerFile } from "#shared/answers/console-players";
import type { ConsolePath } from "#shared/answers/console-routes";

export const handle = { title: (file: PlayerFile | undefined) => file?.user.username };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [file, protection, risk] = await Promise.all([
    loadAdmin(request, context, "/api/admin/players/get", { userId: params.id }),
    loadAdmin(request, context, "/api/admin/protection", { userId: params.id }),
    loadAdmin(request, context, "/api/admin/risk/player", { userId: params.id }),
  ]);
  // one key per form shown: submitting it twice (a double tap, a retry) adjusts once
  return { ...file, protection, risk: risk.markers, requestId: `c${crypto.randomUUID().replace(/-/g, "")}` };
}

// The preset texts by the sign they fit, each listed once: a correction fits either sign and has its own group.
const TEXT_GROUPS = (["credit", "debit", "either"] as const).map(
  (fits) =>
    [fits, (Object.keys(ADJUSTMENT_TEXTS) as AdjustmentText[]).filter((k) => ADJUSTMENT_TEXTS[k] === fits)] as const,
);

type Translate = Awaited<ReturnType<typeof i18nServer.getFixedT>>;

/** Credit or debit: checked, confirmed naming player, amount and balances, then applied; the result names them again. */
async function adjust(
  request: Request,
  context: ActionFunctionArgs["context"],
  userId: string,
  fields: Record<string, string>,
  t: Translate,
) {
  const file = await loadAdmin(request, context, "/api/admin/players/get", { userId });
  const money = await consoleMoney(context);
  const amount = /^-?\d+(\.\d{1,2})?$/.test(fields.money?.trim() ?? "") ? Number(fields.money) : NaN;
  // every field's refusal at once, at its field, before any confirm step; what was typed comes back
  const problems: FieldErrors = {};
  if (!Number.isFinite(amount) || amount === 0 || Math.abs(amount) > file.adjustMax)
    problems.money = t("player.amountRange", { max: money(file.adjustMax) });
  else if (amount < 0 && -amount > file.user.money)
    problems.money = t("player.debitRange", { balance: money(file.user.money) });
  const text = fields.text ?? "";
  if (!(text in ADJUSTMENT_TEXTS)) problems.text = t("errors:1198");
  else if (Number.isFinite(amount) && !textFitsAmount(text as AdjustmentText, amount)) problems.text = t("errors:1199");
  if (!fields.reason?.trim()) problems.reason = t("errors:1087");
  if (Object.keys(problems).length > 0)
    return fieldsRefused(problems, {
      password: null,
      confirm: null,
      typed: { money: fields.money ?? "", text, reason: fields.reason ?? "" },
    });
  const values = {
    player: file.user.username,
    amount: money(Math.abs(amount)),
    balance: money(file.user.money),
    after: money(file.user.money + amount),
    reason: (fields.reason ?? "").trim(),
  };
  // what the player reads is the preset text alone; the internal note stays in the console (docs/decisions/143)
  const playerReads = t("player.playerReads", { text: t(`wallet:adjustmentTexts.${text}`) });
  const internalNote = t("confirm.internalNote", values);
  // more than this operator may move alone for this player: it is asked of a second operator, not made
  const waits = Math.abs(amount) > file.soloLeft;
  const sign = amount > 0 ? "credit" : "debit";
  // the same amount to the same player within minutes (shared/adjustments.ts REPEAT_WINDOW_MS) asks for a tick
  const repeat = file.recentAdjustments.find((r) => r.amount === amount);
  if (!isConfirmed(fields) || (repeat && !repeatAccepted(fields))) {
    const minutes = repeat ? Math.max(1, Math.round((Date.now() - repeat.time) / 60_000)) : 0;
    return askToConfirm(fields, {
      message: `${t(waits ? `confirm.${sign}Waits` : `confirm.${sign}`, values)} ${playerReads} ${internalNote}`,
      button: t(waits ? "confirm.waitsButton" : `confirm.${sign}Button`, values),
      warning: repeat ? t("confirm.repeat", { ...values, minutes }) : undefined,
      tick: repeat ? t("confirm.repeatTick") : undefined,
    });
  }
  const answer = await callAdmin(request, context, "/api/admin/adjust", {
    userId,
    money: fields.money,
    text,
    reason: fields.reason,
    request_id: fields.request_id,
  });
  if (answer.code !== 1) return data({ error: answer.info, password: null, confirm: null }, { status: 400 });
  const done =
    answer.data.status === "pending"
      ? "player.adjustPendingNamed"
      : amount > 0
        ? "player.creditDone"
        : "player.debitDone";
  return redirectWithToast(
    context,
    new URL(request.url).pathname,
    t(done, { ...values, after: money(Number(answer.data.balance ?? 0)) }),
  );
}

const CONFIRMED_INTENTS: Record<string, { path: ConsolePath; done: string }> = {
  freeze: { path: "/api/admin/players/freeze", done: "player.frozenDone" },
  unfreeze: { path: "/api/admin/players/unfreeze", done: "player.unfrozenDone" },
  revoke: { path: "/api/admin/players/revoke-sessions", done: "player.revokeDone" },
};

/** Freeze, unfreeze, adjust, revoke sessions, reset the password: each confirmed first, then one /api/admin call, audited there. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  const userId = params.id ?? "";
  const intent = fields.intent ?? "";
  if (intent === "adjust") return adjust(request, context, userId, fields, t);
  if (!(intent in CONFIRMED_INTENTS) && intent !== "reset")
    return data({ error: t("errors:1001"), password: null, confirm: null }, { status: 400 });
  if (!isConfirmed(fields)) {
    const file = await loadAdmin(request, context, "/api/admin/players/get", { userId });
    return askToConfirm(fields, {
      message: t(`confirm.${intent}`, { player: file.user.username }),
      button: t(`confirm.${intent}Button`),
    });
  }
  if (intent !== "reset")
    return adminAction(request, context, CONFIRMED_INTENTS[intent].path, { userId }, t(CONFIRMED_INTENTS[intent].done));
  const answer = await callAdmin(request, context, "/api/admin/players/reset-password", { userId });
  if (answer.code !== 1) return data({ error: answer.info, password: null, confirm: null }, { status: 400 });
  return { error: null, password: answer.data.password, confirm: null };
}

/** The figures the player reads on their own My page, under the words they read them by (common:user.*). */
function PlayerMoneyFigures({ user }: { user: PlayerFile["user"] }) {
  const { t } = useTranslation("common");
  const figures = [
    ["withdrawable", user.withdrawable],
    ["withdrawing", user.withdrawing],
    ["locked", user.locked],
    ["totalAssets", user.total],
  ] as const;
  return figures.map(([label, value]) =>
    value === undefined ? null : (
      <Fragment key={label}>
        <dt>{t(`user.${label}`)}</dt>
        <dd data-testid={`player-${label}`}>
          <Money value={value} />
        </dd>
      </Fragment>
    ),
  );
}

function IntentButton({ intent, label, secondary }: { intent: string; label: string; secondary?: boolean }) {
  return (
    <Form method="post">
      <button className={`button small${secondary ? " secondary" : ""}`} type="submit" name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
}

export default function PlayerPage() {
  const file = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    { password?: string | null; typed?: { money: string; text: string; reason: string } } | undefined;
  const { t } = useTranslation("admin");
  const fieldError = useFieldError();
  const typed = result?.typed;
  const u = file.user;
  return (
    <main className="admin-main">
      <h1>
        {u.username} {u.frozen ? <span className="badge danger">{t("players.frozen")}</span> : null}
      </h1>
      <ActionError />
      <ConfirmPanel />
      {result?.password ? (
        <p className="notice" role="status">
          {t("player.newPassword", { password: result.password })}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{t("player.balance")}</dt>
        <dd data-testid="player-balance">
          <Money value={u.money} />
        </dd>
        <PlayerMoneyFigures user={u} />
        <dt>{t("player.turnover")}</dt>
        <dd>
          <Money value={u.turnover} />
        </dd>
        <dt>{t("player.vipLevel")}</dt>
        <dd>
          {u.level}
          {u.role !== "player" ? ` · ${t(`player.roleNames.${u.role}`, { defaultValue: u.role })}` : ""}
        </dd>
        <dt>{t("player.phone")}</dt>
        <dd>{u.phone || "—"}</dd>
        <dt>{t("player.joined")}</dt>
        <dd>
          <PlayerTime ms={u.createdAt} zone />
        </dd>
      </dl>
      <p>
        <Link className="tap-link" to={`/admin/audit?player=${encodeURIComponent(u.username)}`}>
          {t("player.auditTrail")}
        </Link>
      </p>
      <div className="admin-actions">
        {u.frozen ? (
          <IntentButton intent="unfreeze" label={t("player.unfreeze")} />
        ) : (
          <IntentButton intent="freeze" label={t("player.freeze")} secondary />
        )}
        <IntentButton intent="revoke" label={t("player.revoke")} secondary />
        <IntentButton intent="reset" label={t("player.resetPassword")} secondary />
      </div>
      <section className="admin-section">
        <h2>{t("player.adjust")}</h2>
        {/* keyed by the request key: after a success the page has a new key and the form comes back empty */}
        <Form method="post" className="form" key={file.requestId}>
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="request_id" value={file.requestId} />
          <label className="field">
            <span className="field-label">{t("player.amount")}</span>
            <input
              name="money"
              inputMode="decimal"
              required
              defaultValue={typed?.money}
              {...invalidProps(fieldError("money"), "money")}
            />
            <FieldError message={fieldError("money")} name="money" />
          </label>
          <label className="field">
            <span className="field-label">{t("player.playerText")}</span>
            {/* keyed by what comes back: a select takes a new default value only when it is made again */}
            <select
              key={typed?.text ?? ""}
              name="text"
              required
              defaultValue={typed?.text ?? ""}
              {...invalidProps(fieldError("text"), "text")}
            >
              <option value="" disabled>
                {t("player.playerTextChoose")}
              </option>
              {TEXT_GROUPS.map(([group, texts]) => (
                <optgroup key={group} label={t(`player.playerTextFor.${group}`)}>
                  {texts.map((key) => (
                    <option key={key} value={key}>
                      {t(`wallet:adjustmentTexts.${key}`)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldError message={fieldError("text")} name="text" />
            <span className="hint">{t("player.playerTextHint")}</span>
          </label>
          <label className="field">
            <span className="field-label">{t("player.internalNote")}</span>
            <input
              name="reason"
              required
              maxLength={200}
              defaultValue={typed?.reason}
              {...invalidProps(fieldError("reason"), "reason")}
            />
            <FieldError message={fieldError("reason")} name="reason" />
            <span className="hint">{t("player.internalNoteHint")}</span>
          </label>
          <button className="button" type="submit">
            {t("player.adjustSubmit")}
          </button>
        </Form>
      </section>
      <PlayerTables file={file} />
      <PlayerProtection protection={file.protection} />
      <RiskSummary userId={u.id} markers={file.risk} />
    </main>
  );
}
