import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { callApi } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { i18nServer } from "~/lib/i18n.server";
import { clearTokenHeader, getToken } from "~/lib/session.server";

export async function loader() {
  return redirect("/");
}

/** Revokes the session on the server, then forgets the cookie (docs/product.md#how-screens-behave). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (await getToken(request, context)) {
    try {
      await callApi(request, context, "/api/Index/logout");
    } catch (response) {
      // An already-expired session redirects to /login: that is where we are going anyway.
      if (!(response instanceof Response)) throw response;
    }
  }
  const t = await i18nServer.getFixedT(request);
  return redirectWithToast(context, "/login", t("settings.loggedOut"), [await clearTokenHeader(context)]);
}
