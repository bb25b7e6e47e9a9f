import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { SettingRequests } from "~/components/admin/SettingRequests";
import { loadAdmin } from "~/lib/operator.server";
import { BannerForm } from "./BannerForm";
import { bannersAction } from "./action.server";

export const handle = { title: "admin:banners.title" };

/** The banners, and the changes of banners leading outside the site that wait for a second admin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [banners, requests, me] = await Promise.all([
    loadAdmin(request, context, "/api/admin/banners"),
    loadAdmin(request, context, "/api/admin/settings/requests"),
    loadAdmin(request, context, "/api/admin/me"),
  ]);
  return {
    list: banners.list,
    requests: requests.list.filter((r) => r.key === "banner"),
    me: { id: me.id, role: me.role },
  };
}

/** Preview, save or delete a banner (action.server.ts). */
export function action(args: ActionFunctionArgs) {
  return bannersAction(args);
}

/**
 * The home page's slides: each with its image per language, uploaded here (no paths to type); above them the
 * changes leading outside the site that wait for a second admin, decided through the settings screen's confirm step.
 */
export default function Banners() {
  const { list, requests, me } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <div className="row admin-title-row">
        <h1>{t("banners.title")}</h1>
        <Link className="tap-link" to="/admin/content">
          {t("content.title")}
        </Link>
      </div>
      <ActionError />
      <ConfirmPanel />
      <SettingRequests requests={requests} me={me} action="/admin/settings" />
      <div className="admin-grid banner-grid">
        {list.map((b) => (
          <BannerForm key={JSON.stringify(b)} banner={b} />
        ))}
        <BannerForm key={`new-${list.length}`} />
      </div>
    </main>
  );
}
