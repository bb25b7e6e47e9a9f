import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuditValues, hasWords } from "~/components/admin/AuditValues";
import { Pager } from "~/components/wallet/Pager";
import { formatDecimal } from "~/lib/number-format";
import { dayReader } from "~/lib/date-entry.server";
import { callAdmin, loadAdmin } from "~/lib/operator.server";
import { zonedTime } from "~/lib/player-time";
import { pageCursor } from "~/lib/wallet";
import { useAppConfig } from "~/lib/root-data";
import { adjustmentRef, requestRef } from "#shared/request-ref";
import { AUDIT_ACTIONS } from "#shared/audit";
import { DateInput } from "~/components/DateInput";
import type { AuditRow } from "#shared/answers/console-operators";

export const handle = { title: "admin:audit.title" };

/**
 * Read-only, newest first, filtered by date range (UTC+8 days), operator, action (from the list) and
 * player by name: a player's trail is every row about them or their requests.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const readDay = await dayReader(request);
  const filters = {
    from: readDay(get("from")) || undefined,
    to: readDay(get("to")) || undefined,
    operator: get("operator"),
    action: get("action"),
    player: get("player"),
    target: get("target"),
  };
  let userId: number | undefined;
  if (filters.player) {
    const found = await callAdmin(request, context, "/api/admin/players", { query: filters.player });
    userId = found.data?.list?.find((p) => p.username.toLowerCase() === filters.player!.toLowerCase())?.id ?? -1;
  }
  const result = await loadAdmin(request, context, "/api/admin/audit", {
    from: filters.from,
    to: filters.to,
    operator: filters.operator,
    action: filters.action,
    target: filters.target,
    userId,
    page: url.searchParams.get("page") ?? "1",
    ...pageCursor(url.searchParams),
  });
  return { filters, userId, ...result };
}

/** Fields the sentence or the link of a row says already (who, which request, which player). */
// ids kept for tools (the sentence names who and what) and codes the sentence already says in words
const IMPLIED = new Set([
  "id",
  "userId",
  "gameId",
  "titleKey",
  "gameType",
  "roomtype",
  "kind",
  "group",
  "rate_ppm",
  "firstApprovedBy",
]);

const parse = (json: string | null): Record<string, unknown> => {
  try {
    return json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * An adjustment's id as its reference (docs/decisions/195): a queued one's request (asked, decided, cancelled),
 * one made alone its row (credit, debit); rows written before the references name none.
 */
function withReference(action: string, values: Record<string, unknown>): Record<string, unknown> {
  const { request, adjustment, ...rest } = values;
  if (action.startsWith("balance.adjust.") && typeof request === "number")
    return { ...rest, reference: adjustmentRef("queued", request) };
  if ((action === "balance.credit" || action === "balance.debit") && "adjustment" in values)
    return typeof adjustment === "number" ? { ...rest, reference: adjustmentRef("alone", adjustment) } : rest;
  return values;
}

/** What a row acted on, in words and linked to where it lives in the console; null when the action says it all. */
function Target({ row, after }: { row: AuditRow; after: Record<string, unknown> }) {
  const { t } = useTranslation("admin");
  const [kind, id] = row.target.split(":");
  if (kind === "user") {
    if (Number(id) === row.actorId) return null; // "admin signed in", not "admin signed in admin"
    return (
      <Link to={row.action.startsWith("operator.") ? "/admin/operators" : `/admin/players/${id}`}>
        {row.subject ?? `#${id}`}
      </Link>
    );
  }
  if (kind === "deposit" || kind === "withdrawal") return <span>{requestRef(kind, Number(id))}</span>;
  if (kind === "room") return <Link to={`/admin/rooms/${id}`}>#{id}</Link>;
  if (kind === "article")
    return row.action === "article.delete" ? <span>#{id}</span> : <Link to={`/admin/content/${id}`}>#{id}</Link>;
  // a change asked for a banner not made yet is keyed banner:new (docs/decisions/188)
  if (kind === "banner")
    return <Link to="/admin/banners">{id === "new" ? t("settings.requestKey.bannerNew") : `#${id}`}</Link>;
  if (kind === "finance_product") return <Link to="/admin/finance">#{id}</Link>;
  // the sentence names the setting; the link, set apart from it, opens the screen
  if (kind === "settings")
    return (
      <>
        · <Link to="/admin/settings">{t("nav.settings")}</Link>
      </>
    );
  if (kind === "export" && typeof after.from === "string" && typeof after.to === "string")
    return <span>{t("audit.days", { from: after.from, to: after.to })}</span>;
  return <span>{row.target}</span>;
}

/** One line in words ("admin approved deposit D0-0002 of 500.00 USD for demo01", "admin froze demo01"), its time and zone. */
function AuditRow({ row }: { row: AuditRow }) {
  const { t } = useTranslation("admin");
  const { currency } = useAppConfig();
  const recorded = parse(row.before);
  // who asked, by name as the rest of the row names people (the row keeps their id)
  const before = withReference(
    row.action,
    "askedBy" in recorded ? { ...recorded, askedBy: row.askedBy ?? `#${String(recorded.askedBy)}` } : recorded,
  );
  const after = withReference(row.action, parse(row.after));
  const amount = [after.amount, after.credited, before.amount].find((v) => typeof v === "number") as number | undefined;
  const money = amount === undefined ? "" : `${formatDecimal(Math.abs(amount), 2, 2)} ${currency}`;
  // a request decided (D0-0002) or an adjustment asked, approved, rejected, cancelled: "… of 500.00 USD for demo01"
  const request = row.target.startsWith("deposit:") || row.target.startsWith("withdrawal:");
  const adjustment = row.action.startsWith("balance.adjust.");
  // values the screen has no words for (ids kept for tools, a shape it does not know) stay folded, as recorded
  const rest = [...Object.entries(before), ...Object.entries(after)].filter(
    ([key]) => !hasWords(key) && !IMPLIED.has(key),
  );
  return (
    <li data-testid="audit-row">
      <div className="row">
        {/* one sentence: its links read as words in it (app/styles/admin.css .audit-sentence), no gap around them */}
        <span className="audit-sentence">
          {t("audit.sentence", { operator: row.operator ?? "—", action: t(`audit.actions.${row.action}`) })}
          {adjustment ? null : (
            <>
              {" "}
              <Target row={row} after={after} />
            </>
          )}
          {money ? ` ${request || adjustment ? t("audit.ofAmount", { amount: money }) : money}` : null}
          {(request || adjustment) && row.subject ? (
            <>
              {" "}
              {t("audit.forPlayer")} <Link to={`/admin/players/${row.subjectId}`}>{row.subject}</Link>
            </>
          ) : null}
        </span>
        <span className="muted">{zonedTime(row.time)}</span>
      </div>
      <AuditValues before={before} after={after} currency={currency} />
      {rest.length > 0 ? (
        <details className="audit-json">
          <summary>{t("audit.otherValues")}</summary>
          <code>{JSON.stringify(Object.fromEntries(rest))}</code>
        </details>
      ) : null}
    </li>
  );
}

export default function Audit() {
  const { filters, list, page, hasMore, next, prev } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("audit.title")}</h1>
      <Form method="get" className="admin-search audit-filters">
        <label className="field field-date">
          <span className="field-label">{t("audit.from")}</span>
          <DateInput name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label className="field field-date">
          <span className="field-label">{t("audit.to")}</span>
          <DateInput name="to" defaultValue={filters.to ?? ""} />
        </label>
        <label className="field">
          <span className="field-label">{t("audit.operator")}</span>
          <input name="operator" defaultValue={filters.operator ?? ""} />
        </label>
        <label className="field">
          <span className="field-label">{t("audit.action")}</span>
          <select name="action" defaultValue={filters.action ?? ""}>
            <option value="">{t("audit.anyAction")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("audit.player")}</span>
          <input name="player" defaultValue={filters.player ?? ""} />
        </label>
        {filters.target ? <input type="hidden" name="target" value={filters.target} /> : null}
        <button className="button small" type="submit">
          {t("audit.filter")}
        </button>
      </Form>
      {filters.target ? (
        <p className="muted">
          {t("audit.about", { name: list.find((r) => r.target === filters.target)?.subject ?? filters.target })} ·{" "}
          <Link to="/admin/audit">{t("audit.aboutAll")}</Link>
        </p>
      ) : null}
      {list.length === 0 ? <p className="muted">{t("audit.none")}</p> : null}
      <ol className="admin-list audit">
        {list.map((r) => (
          <AuditRow key={r.key} row={r} />
        ))}
      </ol>
      <Pager page={page} hasMore={hasMore} next={next} prev={prev} />
    </main>
  );
}
