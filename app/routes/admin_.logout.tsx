import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { callAdmin, clearOperatorCookie } from "~/lib/operator.server";

/** Sign-out revokes the session at the API, then drops the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  await callAdmin(request, context, "/api/admin/logout");
  return redirect("/admin/login", { headers: { "Set-Cookie": await clearOperatorCookie(context) } });
}

export const loader = () => data(null, { status: 404 });
