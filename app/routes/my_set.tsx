import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { PageHeader } from "~/components/PageHeader";
import { requireProfile } from "~/lib/api.server";
import { languageNames, type Lng } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";

export const handle = { title: "common:settings.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  return { language: languageNames[(await i18nServer.getLocale(request)) as Lng] };
}

export default function Settings() {
  const { language } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <main>
      <PageHeader title={t("settings.title")} />
      <ul className="menu">
        <li>
          <Link to="/languageSet?back=/my_set&redirectTo=/my_set">
            {t("settings.language")}
            <span className="value">{language}</span>
          </Link>
        </li>
        <li>
          <Link to="/my_update">{t("settings.version")}</Link>
        </li>
      </ul>
      <div className="form">
        <Link className="button danger" to="?confirm=logout" replace>
          {t("settings.logout")}
        </Link>
      </div>
      {params.get("confirm") === "logout" ? (
        <ConfirmDialog message={t("settings.logoutConfirm")} action="/logout" cancelTo="/my_set" />
      ) : null}
    </main>
  );
}
