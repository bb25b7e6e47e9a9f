import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { askToConfirm, isConfirmed } from "~/lib/console-confirm.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";

export const handle = { title: "admin:banners.title" };

type Banner = { id: number; path: string; pathTw: string; pathYw: string; pathVi: string; link: string; sort: number };
const PATHS = [
  { field: "path", key: "path", label: "content.lang.chs" },
  { field: "path_yw", key: "pathYw", label: "content.lang.en" },
  { field: "path_tw", key: "pathTw", label: "content.lang.cht" },
  { field: "path_vi", key: "pathVi", label: "content.lang.vi" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdmin<{ list: Banner[] }>(request, context, "/api/admin/banners");
}

/** Save (new when no id) or delete one banner; each /api/admin call audits its change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  if (fields.intent === "delete" && !isConfirmed(fields)) return askToConfirm(fields, { message: t("confirm.deleteBanner", { id: fields.id }), button: t("content.delete") });
  if (fields.intent === "delete") return adminAction(request, context, "/api/admin/banners/delete", { id: fields.id }, t("banners.deleted"));
  const body = { id: fields.id || undefined, path: fields.path ?? "", path_tw: fields.path_tw ?? "", path_yw: fields.path_yw ?? "", path_vi: fields.path_vi ?? "", link: fields.link ?? "", sort: fields.sort ?? "" };
  return adminAction(request, context, "/api/admin/banners/save", body, t("banners.saved"));
}

function BannerForm({ banner }: { banner?: Banner }) {
  const { t } = useTranslation("admin");
  const value = (key: (typeof PATHS)[number]["key"]) => (banner ? banner[key] : "");
  return (
    <section className="admin-card banner-editor" aria-label={banner ? t("banners.editTitle", { id: banner.id }) : t("banners.new")}>
      <h2>{banner ? t("banners.editTitle", { id: banner.id }) : t("banners.new")}</h2>
      {banner ? (
        <div className="banner-preview" data-testid="banner-preview">
          <img src={banner.pathYw || banner.path} alt={t("banners.previewAlt", { id: banner.id })} loading="lazy" />
        </div>
      ) : null}
      <Form method="post" className="form">
        {banner ? <input type="hidden" name="id" value={banner.id} /> : null}
        {PATHS.map((p) => (
          <label key={p.field} className="field">
            <span className="field-label">
              {t("banners.image")} · {t(p.label)}
            </span>
            <input name={p.field} defaultValue={value(p.key)} required={p.field === "path"} placeholder="/images/banner/…" />
          </label>
        ))}
        <label className="field">
          <span className="field-label">{t("banners.link")}</span>
          <input name="link" defaultValue={banner?.link ?? ""} placeholder="/info/1" />
        </label>
        <label className="field">
          <span className="field-label">{t("content.sort")}</span>
          <input name="sort" inputMode="numeric" defaultValue={banner?.sort ?? 0} />
        </label>
        <div className="admin-actions">
          <button className="button small" type="submit" name="intent" value="save">
            {t("content.save")}
          </button>
          {banner ? (
            <button className="button small secondary" type="submit" name="intent" value="delete" formNoValidate>
              {t("content.delete")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** The home page's slides, each with its image shown as a preview, and a form for a new one. */
export default function Banners() {
  const { list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <div className="row admin-title-row">
        <h1>{t("banners.title")}</h1>
        <Link to="/admin/content">{t("content.title")}</Link>
      </div>
      <ActionError />
      <ConfirmPanel />
      <div className="admin-grid">
        {list.map((b) => (
          <BannerForm key={JSON.stringify(b)} banner={b} />
        ))}
        <BannerForm key={`new-${list.length}`} />
      </div>
    </main>
  );
}
