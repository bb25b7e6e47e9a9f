import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";
import { playerTime } from "~/lib/player-time";
import { pageCursor } from "~/lib/wallet";

export const handle = { title: "admin:audit.title" };

type Row = { id: number; operator: string | null; action: string; target: string; before: string | null; after: string | null; time: number };
const FILTERS = ["operator", "action", "target"] as const;

/** Read-only, newest first, filtered by operator, action and target (user:12, room:3, deposit:7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = Object.fromEntries(FILTERS.map((f) => [f, url.searchParams.get(f)?.trim() || undefined]));
  const result = await loadAdmin<{ list: Row[]; page: number; hasMore: boolean; next?: string | null; prev?: string | null }>(request, context, "/api/admin/audit", {
    ...filters,
    page: url.searchParams.get("page") ?? "1",
    ...pageCursor(url.searchParams),
  });
  return { filters, ...result };
}

export default function Audit() {
  const { filters, list, page, hasMore, next, prev } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("audit.title")}</h1>
      <Form method="get" className="admin-search">
        {FILTERS.map((f) => (
          <input key={f} name={f} defaultValue={filters[f] ?? ""} aria-label={t(`audit.${f}`)} placeholder={t(`audit.${f}`)} />
        ))}
        <button className="button small" type="submit">
          {t("audit.filter")}
        </button>
      </Form>
      {list.length === 0 ? <p className="muted">{t("audit.none")}</p> : null}
      <ol className="admin-list audit">
        {list.map((r) => (
          <li key={r.id} data-testid="audit-row">
            <div className="row">
              <strong>{r.action}</strong>
              <span>{r.target}</span>
            </div>
            <div className="muted">
              {playerTime(r.time)} · {r.operator ?? "—"}
            </div>
            {r.before ? (
              <div className="audit-json">
                {t("audit.before")}: <code>{r.before}</code>
              </div>
            ) : null}
            {r.after ? (
              <div className="audit-json">
                {t("audit.after")}: <code>{r.after}</code>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <Pager page={page} hasMore={hasMore} next={next} prev={prev} />
    </main>
  );
}
