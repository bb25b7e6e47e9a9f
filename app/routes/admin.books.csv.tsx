import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { dayReader } from "~/lib/date-entry.server";
import { formFields } from "~/lib/form.server";
import { streamAdmin } from "~/lib/operator.server";

/** The books per day as CSV (worker/insight/books-days-view.ts), for the range the form names. */
export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const readDay = await dayReader(request);
  return streamAdmin(
    request,
    context,
    "/api/admin/books/days/export",
    { from: readDay(fields.from), to: readDay(fields.to) },
    "/admin/books",
  );
}
