import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import type { ConsoleLayout } from "~/lib/answers/console-layout";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { DecisionForm } from "~/components/admin/DecisionForm";
import { RequestCard, type RequestKind } from "~/components/admin/RequestCard";
import { PlayerTime } from "~/components/PlayerTime";
import { Money } from "~/components/Money";
import { askToConfirm, consoleMoney, isConfirmed } from "~/lib/console-confirm.server";
import { fieldsRefused } from "~/lib/console-fields.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, loadAdmin } from "~/lib/operator.server";
import { redirectWithToast } from "~/lib/flash.server";
import { noteText, playerNoteText } from "~/lib/request-notes";
import { payoutCoinLine, payoutCoins, payoutDestination } from "~/lib/payout";
import { NoDepositAccount } from "~/components/admin/NoDepositAccount";
import { OperatorRequests } from "~/components/admin/OperatorRequests";
import { SettingRequests } from "~/components/admin/SettingRequests";
import { isRejectPresetOf, splitNote } from "#shared/request-reasons";
import type { CoinPayouts } from "#shared/payouts";
import { InsightCharts } from "~/components/insight/InsightCharts";
import { adjustmentRef, requestRef } from "#shared/request-ref";
import type { QueueRow } from "#shared/answers/console-wallet";

export const handle = { title: "admin:approvals.title" };

/** The queues, oldest first, one page each. */
/** A request's reference as the player reads it (shared/request-ref.ts): a queued adjustment's too (docs/decisions/195). */
const refOf = (kind: string, id: number) =>
  kind === "deposit" || kind === "withdrawal" ? requestRef(kind, id) : adjustmentRef("queued", id);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [deposits, withdrawals, adjustments, charts, payments, operatorRequests, settingRequests] = await Promise.all([
    loadAdmin(request, context, "/api/admin/deposits", { status: "pending" }),
    loadAdmin(request, context, "/api/admin/withdrawals", { status: "pending" }),
    loadAdmin(request, context, "/api/admin/adjustments"),
    loadAdmin(request, context, "/api/admin/charts", { days: 30 }),
    loadAdmin(request, context, "/api/admin/payments"),
    // requests about operators wait here too, for admins (the only role the path answers)
    callAdmin(request, context, "/api/admin/operators/requests").then((answer) =>
      answer.code === 1 ? answer.data.list : [],
    ),
    // changes of the money settings waiting for a second admin (docs/decisions/167, 171)
    loadAdmin(request, context, "/api/admin/settings/requests").then((r) => r.list),
  ]);
  return { deposits, withdrawals, adjustments, charts, payments, operatorRequests, settingRequests };
}

const PATHS = {
  deposit: "/api/admin/deposits",
  withdrawal: "/api/admin/withdrawals",
  adjustment: "/api/admin/adjustments",
} as const;

/** The queue a form names (kind), a deposit's when it names none. */
const queueOf = (kind: string | undefined) => (kind === "withdrawal" || kind === "adjustment" ? kind : "deposit");

/** What the decision will do, in words naming the request, the player and the amount. */
async function describe(
  request: globalThis.Request,
  context: ActionFunctionArgs["context"],
  fields: Record<string, string>,
  decision: string,
) {
  const t = await i18nServer.getFixedT(request, "admin");
  const kind = queueOf(fields.kind);
  const list = await loadAdmin(request, context, PATHS[kind], kind === "adjustment" ? {} : { status: "pending" });
  const row = list.list.find((r) => String(r.id) === fields.id);
  const money = await consoleMoney(context);
  if (!row) return t(`confirm.${kind}.${decision}Unknown`, { id: fields.id, ref: refOf(kind, Number(fields.id)) });
  const typed = (fields.note ?? "").trim();
  // a deposit or withdrawal (with the player's balance and its payout) or an adjustment (with who asked for it)
  const asked = "reason" in row ? null : row;
  const values = {
    id: row.id,
    ref: refOf(kind, row.id),
    player: row.username,
    amount: money(Math.abs(row.money)),
    balance: money(asked?.balance ?? 0),
    after: money((asked?.balance ?? 0) + row.money),
    // an operator the directory does not name reads "—", as the audit log writes one
    by: "reason" in row ? (row.requestedBy ?? "—") : undefined,
    // the player reads the preset alone, in their language; the operator's words stay in the console
    reads: playerNoteText(t, fields.note),
  };
  const credit = kind === "adjustment" && row.money < 0 ? "Debit" : "";
  // a large deposit's first approval moves no money: the step says a second operator credits it
  const first = kind === "deposit" && decision === "approve" && asked?.approvalStep === "first" ? "First" : "";
  const sentences = [t(`confirm.${kind}.${decision}${credit}${first}`, values)];
  if (kind === "withdrawal" && decision === "approve" && asked) {
    const { coinPayouts } = await loadAdmin(request, context, "/api/admin/payments");
    const coins = payoutCoinLine(
      t,
      asked.card,
      values.amount,
      payoutCoins(asked.card, asked.money, coinPayouts, asked.coin),
      money.currency,
    );
    sentences.push(t("confirm.withdrawal.payTo", { to: payoutDestination(t, asked.card) }));
    if (coins) sentences.push(coins);
    sentences.push(t("confirm.withdrawal.payoutRef", { ref: fields.payout_ref }));
  }
  if (decision === "reject" && splitNote(typed).rest)
    sentences.push(t("confirm.consoleNote", { note: noteText(t, typed) }));
  return sentences.join(" ");
}

export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<ConsoleAnswer>> {
  const fields = await formFields(request);
  const base = PATHS[queueOf(fields.kind)];
  const decision =
    fields.decision === "reject"
      ? "reject"
      : fields.decision === "cancel" && fields.kind === "adjustment"
        ? "cancel"
        : "approve";
  const t = await i18nServer.getFixedT(request, "admin");
  const requestKind = fields.kind === "withdrawal" ? "withdrawal" : "deposit";
  const preset = isRejectPresetOf(requestKind, fields.preset ?? null) ? `#${fields.preset}` : "";
  const note = [preset, fields.note?.trim() ?? ""].filter(Boolean).join(" ");
  // a rejection always says why with a preset: the player reads it alone, the note stays in the console
  if (decision === "reject" && fields.kind !== "adjustment" && !preset)
    return data({ error: t("errors:1200"), confirm: null }, { status: 400 });
  // a withdrawal is approved once paid: with the bank transfer's id or the transaction hash the player finds it by
  const payoutRef = (fields.payout_ref ?? "").trim();
  if (decision === "approve" && fields.kind === "withdrawal" && (payoutRef.length < 4 || payoutRef.length > 128))
    return fieldsRefused({ payout_ref: t("approvals.payoutRefNeeded") }, { confirm: null, typed: fields });
  if (!isConfirmed(fields)) {
    return askToConfirm(fields, {
      message: await describe(request, context, { ...fields, note }, decision),
      button: t(`approvals.${decision}`),
    });
  }
  if (fields.kind === "deposit" && decision === "approve") {
    // the first of two approvals credits nothing: the toast says it waits for a second operator
    const answer = await callAdmin(request, context, `${base}/approve`, { id: fields.id, note });
    if (answer.code !== 1) return data({ error: answer.info, data: null }, { status: 400 });
    const url = new URL(request.url);
    const waits = answer.data?.status === "pending";
    return redirectWithToast(
      context,
      url.pathname + url.search,
      t(waits ? "approvals.firstApproved" : "approvals.approved"),
    );
  }
  const done = t(
    { approve: "approvals.approved", reject: "approvals.rejected", cancel: "approvals.cancelled" }[decision],
  );
  const path = decision === "cancel" ? "/api/admin/adjustments/cancel" : (`${base}/${decision}` as const);
  return adminAction(request, context, path, { id: fields.id, note, payout_ref: payoutRef }, done);
}

function Queue({
  title,
  rows,
  kind,
  rates,
}: {
  title: string;
  rows: QueueRow[];
  kind: RequestKind;
  rates: CoinPayouts;
}) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-section" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p className="muted">{t("approvals.none")}</p> : null}
      {rows.map((r) => (
        <RequestCard key={r.id} kind={kind} row={r} rates={rates} />
      ))}
    </section>
  );
}

export default function Approvals() {
  const { deposits, withdrawals, adjustments, charts, payments, operatorRequests, settingRequests } =
    useLoaderData<typeof loader>();
  const me = useRouteLoaderData<ConsoleLayout>("routes/admin");
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("approvals.title")}</h1>
      <ActionError />
      <ConfirmPanel />
      {payments.depositAccountMissing ? <NoDepositAccount /> : null}
      {operatorRequests.length && me ? (
        <OperatorRequests requests={operatorRequests} myId={me.id} action="/admin/operators" />
      ) : null}
      {me ? <SettingRequests requests={settingRequests} me={me} action="/admin/settings" /> : null}
      <Queue title={t("approvals.deposits")} rows={deposits.list} kind="deposit" rates={payments.coinPayouts} />
      <Queue
        title={t("approvals.withdrawals")}
        rows={withdrawals.list}
        kind="withdrawal"
        rates={payments.coinPayouts}
      />
      <section className="admin-section" aria-label={t("approvals.adjustments")}>
        <h2>{t("approvals.adjustments")}</h2>
        {adjustments.list.length === 0 ? <p className="muted">{t("approvals.none")}</p> : null}
        {adjustments.list.map((a) => (
          <article key={a.id} className="admin-card" data-testid={`adjustment-${a.id}`}>
            <div className="row">
              <strong>
                <Money value={a.money} signed />
              </strong>
              <Link to={`/admin/players/${a.userId}`}>{a.username}</Link>
            </div>
            <div className="muted">
              {adjustmentRef("queued", a.id)} · <PlayerTime ms={a.time} zone /> ·{" "}
              {t("approvals.askedBy", { name: a.requestedBy ?? "—" })} · {a.reason}
            </div>
            {a.text ? <div>{t("approvals.playerReads", { text: t(`wallet:adjustmentTexts.${a.text}`) })}</div> : null}
            <DecisionForm kind="adjustment" id={a.id} own={a.requestedById === me?.id} />
          </article>
        ))}
      </section>
      <InsightCharts charts={charts} />
    </main>
  );
}
