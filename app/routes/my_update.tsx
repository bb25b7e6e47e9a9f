import type { LinksFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { InstallCard } from "~/components/content/InstallCard";
import { PlatformIcon } from "~/components/content/PlatformIcon";
import { webUrl } from "~/lib/web-url";
import { useAppConfig } from "~/lib/root-data";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content"], title: "content:update.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

// The version page (docs/product.md#screens): the Android and iOS apps from getconfig, and installing this web app.
export default function AppDownload() {
  const { t } = useTranslation("content");
  const config = useAppConfig();
  const apps = [
    { key: "android" as const, label: t("update.android"), url: webUrl(config.android_url) },
    { key: "ios" as const, label: t("update.ios"), url: webUrl(config.ios_url) },
  ];
  return (
    <main className="content-page">
      <PageHeader title={t("update.title")} back="/" />
      <section className="update-hero">
        <img src="/icons/icon-192.png" alt="" width={88} height={88} />
        <h2>{t("common:appName")}</h2>
        <p>{t("update.heading")}</p>
      </section>
      <InstallCard />
      <ul className="content-card app-links">
        {apps.map((app) => (
          <li key={app.key} data-testid={`app-${app.key}`}>
            <span className="app-icon">
              <PlatformIcon platform={app.key} />
            </span>
            <span className="app-label">{app.label}</span>
            {app.url ? (
              <a className="button small" href={app.url} target="_blank" rel="noopener noreferrer">
                {t("update.download")}
              </a>
            ) : (
              <span className="coming-soon">{t("update.comingSoon")}</span>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
