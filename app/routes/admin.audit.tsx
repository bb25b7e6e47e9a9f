import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/wallet/Pager";
import { formatDecimal } from "~/lib/number-format";
import { callAdmin, loadAdmin } from "~/lib/operator.server";
import { PLAYER_ZONE, playerTime } from "~/lib/player-time";
import { pageCursor } from "~/lib/wallet";
import { useAppConfig } from "~/root";

export const handle = { title: "admin:audit.title" };

type Row = { id: number; operator: string | null; action: string; target: string; before: string | null; after: string | null; time: number };

/** Every action the console writes (worker/**: auditStatement), for the filter's list; a prefix picks a family. */
const ACTIONS = [
  "deposit.approve", "deposit.reject", "withdrawal.approve", "withdrawal.reject",
  "balance.credit", "balance.debit", "balance.adjust.ask", "balance.adjust.approve", "balance.adjust.reject", "balance.adjust.cancel",
  "player.freeze", "player.unfreeze", "player.sessions.revoke", "player.password.reset",
  "room.create", "room.update", "round.void", "finance.tier.edit", "settings.update",
  "article.create", "article.update", "article.delete", "banner.create", "banner.update", "banner.delete",
  "operator.enrol", "operator.login", "operator.logout",
];

/**
 * Read-only, newest first, filtered by date range (UTC+8 days), operator, action (from the list) and
 * player by name: a player's trail is every row about them or their requests.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const filters = { from: get("from"), to: get("to"), operator: get("operator"), action: get("action"), player: get("player") };
  let userId: number | undefined;
  if (filters.player) {
    const found = await callAdmin<{ list: { id: number; username: string }[] }>(request, context, "/api/admin/players", { query: filters.player });
    userId = found.data?.list?.find((p) => p.username.toLowerCase() === filters.player!.toLowerCase())?.id ?? -1;
  }
  const result = await loadAdmin<{ list: Row[]; page: number; hasMore: boolean; next?: string | null; prev?: string | null }>(request, context, "/api/admin/audit", {
    from: filters.from,
    to: filters.to,
    operator: filters.operator,
    action: filters.action,
    userId,
    page: url.searchParams.get("page") ?? "1",
    ...pageCursor(url.searchParams),
  });
  return { filters, userId, ...result };
}

const parse = (json: string | null): Record<string, unknown> => {
  try {
    return json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Where a target lives in the console: a player's file, a room, an article. */
function targetLink(target: string, before: Record<string, unknown>): { to: string; label: string } | null {
  const [kind, id] = target.split(":");
  if (kind === "user") return { to: `/admin/players/${id}`, label: target };
  if (kind === "room") return { to: `/admin/rooms/${id}`, label: target };
  if (kind === "article") return { to: `/admin/content/${id}`, label: target };
  if ((kind === "deposit" || kind === "withdrawal") && typeof before.userId === "number") return { to: `/admin/players/${before.userId}`, label: `${kind === "deposit" ? "D" : "W"}${id}` };
  return null;
}

function AuditRow({ row }: { row: Row }) {
  const { t } = useTranslation("admin");
  const { currency } = useAppConfig();
  const before = parse(row.before);
  const after = parse(row.after);
  const amount = [after.amount, after.credited, before.amount].find((v) => typeof v === "number") as number | undefined;
  const link = targetLink(row.target, before);
  const action = t(`audit.actions.${row.action}`, { defaultValue: row.action });
  const money = amount === undefined ? "" : `${formatDecimal(Math.abs(amount), 2, 2)} ${currency}`;
  const words = t(money ? "audit.sentenceAmount" : "audit.sentence", { operator: row.operator ?? "—", action, amount: money });
  return (
    <li data-testid="audit-row">
      <div className="row">
        <span>
          {words}{" "}
          {link ? <Link to={link.to}>{link.label}</Link> : <span>{row.target}</span>}
        </span>
        <span className="muted">
          {playerTime(row.time)} {PLAYER_ZONE}
        </span>
      </div>
      <details className="audit-json">
        <summary>
          <code>{row.action}</code>
        </summary>
        {row.before ? (
          <div>
            {t("audit.before")}: <code>{row.before}</code>
          </div>
        ) : null}
        {row.after ? (
          <div>
            {t("audit.after")}: <code>{row.after}</code>
          </div>
        ) : null}
      </details>
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
        <label className="field">
          <span className="field-label">{t("audit.from")}</span>
          <input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label className="field">
          <span className="field-label">{t("audit.to")}</span>
          <input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        <label className="field">
          <span className="field-label">{t("audit.operator")}</span>
          <input name="operator" defaultValue={filters.operator ?? ""} />
        </label>
        <label className="field">
          <span className="field-label">{t("audit.action")}</span>
          <select name="action" defaultValue={filters.action ?? ""}>
            <option value="">{t("audit.anyAction")}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`, { defaultValue: a })}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("audit.player")}</span>
          <input name="player" defaultValue={filters.player ?? ""} />
        </label>
        <button className="button small" type="submit">
          {t("audit.filter")}
        </button>
      </Form>
      {list.length === 0 ? <p className="muted">{t("audit.none")}</p> : null}
      <ol className="admin-list audit">
        {list.map((r) => (
          <AuditRow key={r.id} row={r} />
        ))}
      </ol>
      <Pager page={page} hasMore={hasMore} next={next} prev={prev} />
    </main>
  );
}
