import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { askToConfirm, consoleMoney, isConfirmed, repeatAccepted } from "~/lib/console-confirm.server";
import { fieldsRefused } from "~/lib/console-fields.server";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer, FieldErrors } from "~/lib/answers/console";
import { redirectWithToast } from "~/lib/flash.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, loadAdmin } from "~/lib/operator.server";
import { ADJUSTMENT_TEXTS, textFitsAmount, type AdjustmentText } from "#shared/adjustments";
import type { ConsolePath } from "#shared/answers/console-routes";

/** A player action's answer: the console's (`typed` gives the adjust form back what was typed), with a reset's new password. */
type PlayerAnswer = ConsoleAnswer & { password?: string | null };

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
export async function playerAction({ request, context, params }: ActionFunctionArgs): Promise<Answered<PlayerAnswer>> {
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
