import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { SettingRequests } from "~/components/admin/SettingRequests";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { askToConfirm, isConfirmed } from "~/lib/console-confirm.server";
import { consoleFieldErrors, fieldsRefused, type FieldErrors } from "~/lib/console-fields.server";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, loadAdmin, uploadAdmin } from "~/lib/operator.server";
import { bannerForm } from "#shared/forms/content";
import type { BannerRow } from "#shared/answers/console-content";

export const handle = { title: "admin:banners.title" };

type Values = Record<"path" | "path_yw" | "path_tw" | "path_vi" | "link" | "sort", string>;
/** The default image first (every language without its own shows it), then the others. */
const IMAGES = [
  { field: "path", key: "path", lang: "chs" },
  { field: "path_yw", key: "pathYw", lang: "en" },
  { field: "path_tw", key: "pathTw", lang: "cht" },
  { field: "path_vi", key: "pathVi", lang: "vi" },
] as const;
const ACCEPT = "image/png,image/jpeg,image/webp";

const valuesOf = (b: BannerRow): Values => ({
  path: b.path,
  path_yw: b.pathYw,
  path_tw: b.pathTw,
  path_vi: b.pathVi,
  link: b.link,
  sort: String(b.sort),
});

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

/**
 * Preview: the chosen files are uploaded (checked by the API, stored in R2) and shown per language,
 * nothing saved. Save: the same, then the banner is written (audited), or, when its link leads outside the site,
 * asked for a second admin (docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md). Delete: after a
 * confirm step; the API then removes the images no banner names any more.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const field = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const t = await i18nServer.getFixedT(request, "admin");
  const formKey = field("id") || "new";
  if (field("intent") === "delete") {
    if (!isConfirmed(form)) {
      // a change of this slide waiting for a second admin is withdrawn with it (docs/decisions/185): the step says so
      const requests = await callAdmin(request, context, "/api/admin/settings/requests");
      const waits =
        requests.code === 1 && requests.data.list.some((r) => r.key === "banner" && r.banner === Number(field("id")));
      return askToConfirm(form, {
        message: t(waits ? "confirm.deleteBannerWaiting" : "confirm.deleteBanner", { id: field("id") }),
        button: t("content.delete"),
      });
    }
    return adminAction(request, context, "/api/admin/banners/delete", { id: field("id") }, t("banners.deleted"));
  }
  const values: Values = {
    path: field("path"),
    path_yw: field("path_yw"),
    path_tw: field("path_tw"),
    path_vi: field("path_vi"),
    link: field("link"),
    sort: field("sort"),
  };
  const fieldErrors: FieldErrors = {};
  for (const { field: name } of IMAGES) {
    if (name !== "path" && field(`clear_${name}`) === "yes") values[name] = "";
    const file = form.get(`file_${name}`);
    if (!(file instanceof File) || file.size === 0) continue;
    const answer = await uploadAdmin(request, context, "/api/admin/banners/upload", file);
    if (answer.code === 1) values[name] = answer.data.path;
    else fieldErrors[name] = answer.info;
  }
  if (Object.keys(fieldErrors).length > 0) return fieldsRefused(fieldErrors, { form: formKey, values });
  if (field("intent") === "preview") return { error: null, fieldErrors: null, form: formKey, values, previewed: true };
  const body = { id: field("id") || undefined, ...values };
  // the link's refusal is the catalogue's (1257): what a link may be, and that another site's waits
  const problems = await consoleFieldErrors(request, bannerForm, body, {
    path: t("banners.defaultRequired"),
    sort: t("fields.whole", { min: "-99,999", max: "999,999" }),
  });
  if (problems) return fieldsRefused(problems, { form: formKey, values });
  const answer = await callAdmin(request, context, "/api/admin/banners/save", body);
  if (answer.code === 1)
    return redirectWithToast(
      context,
      "/admin/banners",
      t(answer.data.waiting ? "banners.savedWaiting" : "banners.saved"),
    );
  const missing = IMAGES.find((i) => answer.data?.errCode === 1189 && values[i.field] === answer.data?.field);
  if (missing) return fieldsRefused({ [missing.field]: answer.info }, { form: formKey, values });
  return data({ error: answer.info, fieldErrors: null, form: formKey, values }, { status: 400 });
}

/** Each language's slide as its players will see it (the home slider's shape), before or after saving. */
function BannerPreviews({ values, id }: { values: Values; id: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="banner-previews" data-testid={`banner-previews-${id}`}>
      {IMAGES.map(({ field, lang }) => {
        const src = values[field] || values.path;
        return (
          <figure key={field} className="banner-preview" data-testid={`banner-preview-${id}-${lang}`}>
            {src ? (
              <img src={src} alt={t("banners.previewAlt", { lang: t(`content.lang.${lang}`) })} loading="lazy" />
            ) : (
              <div className="banner-empty">{t("banners.noImage")}</div>
            )}
            <figcaption>
              {t(`content.lang.${lang}`)}
              {field !== "path" && !values[field] && values.path ? (
                <span className="muted"> · {t("banners.fallback")}</span>
              ) : null}
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

type Answer = { form?: string; values?: Values; previewed?: boolean } | undefined;

function BannerForm({ banner }: { banner?: BannerRow }) {
  const { t } = useTranslation("admin");
  const answer = useActionData<Answer>();
  const key = banner ? String(banner.id) : "new";
  const mine = answer?.form === key ? answer : undefined;
  const values: Values =
    mine?.values ??
    (banner ? valuesOf(banner) : { path: "", path_yw: "", path_tw: "", path_vi: "", link: "", sort: "0" });
  const error = useFieldError(key);
  const title = banner ? t("banners.editTitle", { id: banner.id }) : t("banners.new");
  return (
    <section className="admin-card banner-editor" aria-label={title}>
      <h2>{title}</h2>
      {mine?.previewed ? (
        <p className="notice" role="status">
          {t("banners.previewed")}
        </p>
      ) : null}
      {values.path || values.path_yw || values.path_tw || values.path_vi ? (
        <BannerPreviews values={values} id={key} />
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form" key={JSON.stringify(values)}>
        {banner ? <input type="hidden" name="id" value={banner.id} /> : null}
        <p className="muted">{t("banners.uploadHint")}</p>
        {IMAGES.map(({ field, lang }) => (
          <div key={field} className="field">
            <input type="hidden" name={field} value={values[field]} />
            <label className="field-label" htmlFor={`file-${key}-${field}`}>
              {t("banners.image")} · {t(`content.lang.${lang}`)}
            </label>
            <input
              id={`file-${key}-${field}`}
              type="file"
              name={`file_${field}`}
              accept={ACCEPT}
              {...invalidProps(error(field), field, key)}
            />
            <FieldError message={error(field)} name={field} form={key} />
            {field !== "path" && values[field] ? (
              <label className="check">
                <input type="checkbox" name={`clear_${field}`} value="yes" /> {t("banners.useDefault")}
              </label>
            ) : null}
          </div>
        ))}
        <label className="field">
          <span className="field-label">{t("banners.link")}</span>
          <input
            name="link"
            defaultValue={values.link}
            placeholder="/info/1"
            {...invalidProps(error("link"), "link", key)}
          />
          <FieldError message={error("link")} name="link" form={key} />
          <small className="muted">{t("banners.linkHint")}</small>
        </label>
        <label className="field">
          <span className="field-label">{t("content.sort")}</span>
          <input
            name="sort"
            inputMode="numeric"
            defaultValue={values.sort}
            {...invalidProps(error("sort"), "sort", key)}
          />
          <FieldError message={error("sort")} name="sort" form={key} />
        </label>
        <div className="admin-actions">
          <button className="button small secondary" type="submit" name="intent" value="preview">
            {t("banners.previewButton")}
          </button>
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
