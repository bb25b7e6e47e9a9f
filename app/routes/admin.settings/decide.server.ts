import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin, loadAdmin } from "~/lib/operator.server";
import { redirectWithToast } from "~/lib/flash.server";
import { requestSubject, type SettingDecision } from "~/components/admin/SettingRequests";
import type { Answered } from "~/lib/answers/answered";
import type { SettingsAnswer } from "./answer";

/**
 * A decision on a waiting change is two steps, without JavaScript too: the first submit shows what it will do,
 * naming the setting, its approved value and the one asked for (read from the API, not the form); only the
 * confirming submit (confirmed=yes) decides.
 */
export async function decide(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: FormData,
): Promise<Answered<SettingsAnswer>> {
  const t = await i18nServer.getFixedT(request, "admin");
  const intent = form.get("intent") === "approve" ? "approve" : "reject";
  const id = Number(form.get("id"));
  const { list } = await loadAdmin(request, context, "/api/admin/settings/requests");
  const me = await loadAdmin(request, context, "/api/admin/me");
  const r = list.find((x) => x.id === id);
  if (!r) return data({ error: t("errors:1128") }, { status: 400 });
  if (form.get("confirmed") !== "yes") {
    const decision: SettingDecision = {
      intent,
      id,
      key: r.key,
      banner: r.banner,
      from: r.before,
      to: r.after,
      by: r.requestedBy,
      own: r.requestedById === me.id,
    };
    return data({ decide: decision });
  }
  const answer = await callAdmin(request, context, `/api/admin/settings/requests/${intent}`, { id });
  if (answer.code !== 1) return data({ error: answer.info }, { status: 400 });
  const what = requestSubject(t, r, "requestWhat");
  return redirectWithToast(
    context,
    r.key === "banner" ? "/admin/banners" : "/admin/settings",
    t(intent === "approve" ? "settings.approvedDone" : "settings.rejectedDone", { what }),
  );
}
