import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarkerWhy } from "~/components/insight/MarkerWhy";
import { loadAdmin } from "~/lib/operator.server";
import { zonedTime } from "~/lib/player-time";
import insightStyles from "~/styles/insight.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightStyles }];

export const handle = { title: "admin:risk.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdmin(request, context, "/api/admin/risk");
}

export default function PlayersAtRisk() {
  const { list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("risk.title")}</h1>
      <p className="muted">{t("risk.help")}</p>
      {list.length === 0 ? <p className="muted">{t("risk.none")}</p> : null}
      {list.map((p) => (
        <article key={p.userId} className="admin-card" data-testid={`risk-${p.userId}`}>
          <div className="row">
            <Link to={`/admin/risk/${p.userId}`}>{p.username}</Link>
            <span className="badge danger">{t("risk.count", { count: p.markers.length })}</span>
          </div>
          {p.markers.map((m) => (
            <MarkerWhy key={m.key} marker={m} />
          ))}
          <div className="muted">
            {p.lastInteraction
              ? t("risk.lastInteraction", {
                  kind: t(`risk.kind.${p.lastInteraction.kind}`),
                  time: zonedTime(p.lastInteraction.at),
                })
              : t("risk.noInteraction")}
          </div>
        </article>
      ))}
    </main>
  );
}
