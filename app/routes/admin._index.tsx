import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { DecisionForm } from "~/components/admin/DecisionForm";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";
import { playerTime } from "~/lib/player-time";
import { InsightCharts } from "~/components/insight/InsightCharts";
import type { Charts } from "~/components/insight/types";

export const handle = { title: "admin:approvals.title" };

type Page<T> = { list: T[]; page: number; hasMore: boolean };
type Request = { id: number; userId: number; username: string; money: number; balance: number; time: number; pay_name?: string; card?: { type: string; bank: string; account: string; address: string } };
type Adjustment = { id: number; userId: number; username: string; money: number; reason: string; requestedBy: string; time: number };

/** The queues, oldest first, one page each. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [deposits, withdrawals, adjustments, charts] = await Promise.all([
    loadAdmin<Page<Request>>(request, context, "/api/admin/deposits", { status: "pending" }),
    loadAdmin<Page<Request>>(request, context, "/api/admin/withdrawals", { status: "pending" }),
    loadAdmin<Page<Adjustment>>(request, context, "/api/admin/adjustments"),
    loadAdmin<Charts>(request, context, "/api/admin/charts", { days: 30 }),
  ]);
  return { deposits, withdrawals, adjustments, charts };
}

const PATHS: Record<string, string> = { deposit: "/api/admin/deposits", withdrawal: "/api/admin/withdrawals", adjustment: "/api/admin/adjustments" };

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const base = PATHS[fields.kind ?? ""] ?? PATHS.deposit;
  const decision = fields.decision === "reject" ? "reject" : "approve";
  const t = await i18nServer.getFixedT(request, "admin");
  // a rejection always says why (the player reads it beside the request)
  if (decision === "reject" && fields.kind !== "adjustment" && !fields.note?.trim()) return data({ error: t("errors:1087") }, { status: 400 });
  const done = decision === "approve" ? t("approvals.approved") : t("approvals.rejected");
  return adminAction(request, context, `${base}/${decision}`, { id: fields.id, note: fields.note ?? "" }, done);
}

function Queue({ title, rows, kind }: { title: string; rows: Request[]; kind: "deposit" | "withdrawal" }) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-section" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p className="muted">{t("approvals.none")}</p> : null}
      {rows.map((r) => (
        <article key={r.id} className="admin-card" data-testid={`${kind}-${r.id}`}>
          <div className="row">
            <strong>{r.money.toFixed(2)}</strong>
            <Link to={`/admin/players/${r.userId}`}>{r.username}</Link>
          </div>
          <div className="muted">
            #{r.id} · {playerTime(r.time)} · {t("approvals.balance", { money: r.balance.toFixed(2) })}
          </div>
          {r.pay_name ? <div>{t("approvals.payer", { name: r.pay_name })}</div> : null}
          {r.card ? <div>{[r.card.type, r.card.bank, r.card.account || r.card.address].filter(Boolean).join(" · ")}</div> : null}
          <DecisionForm kind={kind} id={r.id} />
        </article>
      ))}
    </section>
  );
}

export default function Approvals() {
  const { deposits, withdrawals, adjustments, charts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("approvals.title")}</h1>
      <ActionError />
      <Queue title={t("approvals.deposits")} rows={deposits.list} kind="deposit" />
      <Queue title={t("approvals.withdrawals")} rows={withdrawals.list} kind="withdrawal" />
      <section className="admin-section" aria-label={t("approvals.adjustments")}>
        <h2>{t("approvals.adjustments")}</h2>
        {adjustments.list.length === 0 ? <p className="muted">{t("approvals.none")}</p> : null}
        {adjustments.list.map((a) => (
          <article key={a.id} className="admin-card">
            <div className="row">
              <strong>{a.money.toFixed(2)}</strong>
              <Link to={`/admin/players/${a.userId}`}>{a.username}</Link>
            </div>
            <div className="muted">
              {playerTime(a.time)} · {t("approvals.askedBy", { name: a.requestedBy })} · {a.reason}
            </div>
            <DecisionForm kind="adjustment" id={a.id} />
          </article>
        ))}
      </section>
      <InsightCharts charts={charts} />
    </main>
  );
}
