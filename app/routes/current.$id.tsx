import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { Icon } from "~/components/content/Icon";
import { requireProfile } from "~/lib/api.server";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content"], title: "content:current.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

// docs/product.md#screens: (auth), an empty page titled current trades; it points to where open bets live.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const roomId = /^\d{1,6}$/.test(params.id ?? "") ? Number(params.id) : null;
  return { roomId };
}

export default function CurrentTrades() {
  const { roomId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <main className="content-page">
      <PageHeader title={t("current.title")} back={roomId ? `/activity/${roomId}` : "/"} />
      <section className="empty-state">
        <span className="empty-icon">
          <Icon name="hourglass" size={40} />
        </span>
        <p>{t("current.empty")}</p>
        <div className="empty-actions">
          {roomId ? (
            <Link className="button" to={`/activity/${roomId}`}>
              {t("current.toRoom")}
            </Link>
          ) : null}
          <Link className="button secondary" to="/betlist">
            {t("current.toRecords")}
          </Link>
        </div>
      </section>
    </main>
  );
}
