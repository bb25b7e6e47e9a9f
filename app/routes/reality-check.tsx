import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { callApi } from "~/lib/api.server";
import type { RealityCheck } from "~/lib/protection-types";
import { getToken, safeRedirectTarget } from "~/lib/session.server";

// The reality check's resource route (docs/product.md#player-protection): the timer reads fresh figures here, and "keep
// playing" posts here (from the dialog's script, or as a plain form that comes back to the page).

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getToken(request, context))) return { reality: null };
  const answer = await callApi<RealityCheck>(request, context, "/api/Game/getrealitycheck");
  return { reality: answer.code === 1 ? answer.data : null, nowMs: Date.now() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  await callApi<RealityCheck>(request, context, "/api/Game/realitycheckseen");
  throw redirect(safeRedirectTarget(form.get("redirectTo"), "/"));
}
