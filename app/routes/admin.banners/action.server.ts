import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { askToConfirm, isConfirmed } from "~/lib/console-confirm.server";
import { consoleFieldErrors, fieldsRefused } from "~/lib/console-fields.server";
import type { FieldErrors } from "~/lib/answers/console";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, uploadAdmin } from "~/lib/operator.server";
import { bannerForm } from "#shared/forms/content";
import type { Answered } from "~/lib/answers/answered";
import type { BannerAnswer } from "./answer";
import { IMAGES, type Values } from "./images";

/**
 * Preview: the chosen files are uploaded (checked by the API, stored in R2) and shown per language,
 * nothing saved. Save: the same, then the banner is written (audited), or, when its link leads outside the site,
 * asked for a second admin (docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md). Delete: after a
 * confirm step; the API then removes the images no banner names any more.
 */
export async function bannersAction({ request, context }: ActionFunctionArgs): Promise<Answered<BannerAnswer>> {
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
