import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { getToken } from "~/lib/session.server";
import type { UnreadCount } from "#shared/answers/account";

/**
 * The signed-in player's unread notices as JSON, for the open page's watcher (app/lib/use-notice-watch.ts,
 * docs/decisions/142). A guest or an ended session counts 0; never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await getToken(request, context);
  const answer = token ? await context.callApi("/api/Game/getnoticecount", { token }) : null;
  const unread = answer?.code === 1 ? answer.data.unread : 0;
  return data({ unread } satisfies UnreadCount, { headers: { "Cache-Control": "no-store" } });
}
