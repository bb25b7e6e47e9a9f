import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { formFields } from "~/lib/form.server";
import { streamAdmin } from "~/lib/operator.server";

/** The CSV itself, streamed from /api/admin/export as it is read (worker/insight/exports.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  return streamAdmin(request, context, "/api/admin/export", {
    kind: fields.kind ?? "",
    from: fields.from ?? "",
    to: fields.to ?? "",
  });
}
