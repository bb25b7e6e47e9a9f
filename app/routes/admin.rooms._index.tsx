import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";

export const handle = { title: "admin:rooms.title" };

type Row = { id: number; title: string; roomtype: number; kind: string; trading: boolean };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  return loadAdmin<{ list: Row[]; page: number; hasMore: boolean }>(request, context, "/api/admin/rooms", { page });
}

export default function Rooms() {
  const { list, page, hasMore } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <div className="row admin-title-row">
        <h1>{t("rooms.title")}</h1>
        <Link className="button small" to="/admin/rooms/new">
          {t("rooms.create")}
        </Link>
      </div>
      <ul className="admin-list">
        {list.map((r) => (
          <li key={r.id}>
            <Link to={`/admin/rooms/${r.id}`}>
              <strong>{r.title}</strong>
              <span className="muted">
                #{r.id} · {r.kind}
              </span>
              <span className={r.trading ? "badge" : "badge danger"}>{r.trading ? t("rooms.trading") : t("rooms.stopped")}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} hasMore={hasMore} />
    </main>
  );
}
