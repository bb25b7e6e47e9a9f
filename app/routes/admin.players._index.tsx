import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";
import { Money } from "~/components/Money";
import { pageCursor } from "~/lib/wallet";
import { vipLevelName } from "#shared/names";

export const handle = { title: "admin:players.title" };

/** Search by username or phone, one page at a time (GET, so it works without JavaScript). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = url.searchParams.get("q") ?? "";
  const page = url.searchParams.get("page") ?? "1";
  const result = await loadAdmin(request, context, "/api/admin/players", {
    query,
    page,
    ...pageCursor(url.searchParams),
  });
  return { query, ...result };
}

export default function Players() {
  const { query, list, page, hasMore, next, prev } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("players.title")}</h1>
      <Form method="get" className="admin-search">
        <input
          name="q"
          type="search"
          defaultValue={query}
          aria-label={t("players.search")}
          placeholder={t("players.search")}
        />
        <button className="button small" type="submit">
          {t("players.find")}
        </button>
      </Form>
      {list.length === 0 ? <p className="muted">{t("players.none")}</p> : null}
      <ul className="admin-list">
        {list.map((p) => (
          <li key={p.id}>
            <Link to={`/admin/players/${p.id}`}>
              <strong>{p.username}</strong>
              <span className="muted">{p.phone}</span>
              <Money value={p.money} />
              <span className="muted">
                {vipLevelName(t, p.level)}
                {p.role !== "player" ? ` · ${t(`player.roleNames.${p.role}`, { defaultValue: p.role })}` : ""}
                {p.frozen ? ` · ${t("players.frozen")}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} hasMore={hasMore} next={next} prev={prev} />
    </main>
  );
}
