import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { dayReader } from "~/lib/date-entry.server";
import { formFields } from "~/lib/form.server";
import { streamAdmin } from "~/lib/operator.server";

/** The CSV itself, streamed from /api/admin/export as it is read (worker/insight/exports.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const readDay = await dayReader(request);
  return streamAdmin(request, context, "/api/admin/export", {
    kind: fields.kind ?? "",
    from: readDay(fields.from),
    to: readDay(fields.to),
  });
}
