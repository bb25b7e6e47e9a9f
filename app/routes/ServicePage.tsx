import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ArticleLinks } from "~/components/content/ArticleLinks";
import { Icon } from "~/components/content/Icon";
import { loadArticlePage } from "~/components/content/articles.server";
import { GROUPS } from "~/components/content/types";
import { webUrl } from "~/lib/web-url";
import { useAppConfig } from "~/lib/root-data";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content"], title: "content:service.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const help = await loadArticlePage(request, context, GROUPS.help, 1);
  return { help: help?.list ?? [] };
}

export default function ServicePage() {
  const { help } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const url = webUrl(useAppConfig().kefu_url);
  return (
    <main className="content-page">
      <PageHeader title={t("service.title")} back="/" />
      <section className="content-card service-card">
        <span className="service-icon">
          <Icon name="chat" size={30} />
        </span>
        <h2>{t("service.heading")}</h2>
        <p>{t("service.text")}</p>
        {url ? (
          <a className="button" href={url} target="_blank" rel="noopener noreferrer" data-testid="kefu-link">
            {t("service.open")}
          </a>
        ) : (
          <p className="empty-note">{t("service.unavailable")}</p>
        )}
        <p className="service-safety">{t("service.safety")}</p>
      </section>
      {help.length > 0 ? (
        <section className="home-section">
          <div className="section-head">
            <h2>{t("service.helpTitle")}</h2>
          </div>
          <ArticleLinks articles={help} basePath="/help" />
        </section>
      ) : null}
    </main>
  );
}
