import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HistoryFilters, type HistoryFilterValues, type HistoryKind } from "~/components/admin/HistoryFilters";
import { AdjustmentHistoryTable, RequestHistoryTable } from "~/components/admin/HistoryTables";
import { Pager } from "~/components/wallet/Pager";
import { dayReader } from "~/lib/date-entry.server";
import { checkFields } from "~/lib/form.server";
import { callAdmin } from "~/lib/operator.server";
import { pageCursor, pageOf } from "~/lib/wallet";
import { adjustmentHistoryForm } from "#shared/forms/operators";
import { requestListForm } from "#shared/forms/wallet";
import type { Paged } from "#shared/answers/paging";

export const handle = { title: "admin:history.title" };

const SOURCES = {
  deposits: { path: "/api/admin/deposits", form: requestListForm, status: "decided" },
  withdrawals: { path: "/api/admin/withdrawals", form: requestListForm, status: "decided" },
  adjustments: { path: "/api/admin/adjustments/history", form: adjustmentHistoryForm, status: "all" },
} as const;

/**
 * Decided deposits, withdrawals and balance adjustments, newest first, filtered by status, player name,
 * days and amounts and paged by cursor (docs/decisions/140). A filter that does not parse is shown at
 * its field, every broken one at once, and lists nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("kind");
  const kind: HistoryKind = asked === "withdrawals" || asked === "adjustments" ? asked : "deposits";
  const source = SOURCES[kind];
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  const readDay = await dayReader(request);
  const values: HistoryFilterValues = {
    status: get("status") || source.status,
    player: get("player"),
    from: readDay(get("from")),
    to: readDay(get("to")),
    min: get("min"),
    max: get("max"),
  };
  const body = { ...values, page: pageOf(url.searchParams), ...pageCursor(url.searchParams) };
  const refused = await checkFields(request, source.form, body);
  if (refused) return { values, errors: refused.fields, result: { kind, page: EMPTY } };
  const { error, ...result } = await listed(request, context, kind, body);
  return { values, errors: error === null ? ({} as Record<string, string>) : { status: error }, result };
}

const EMPTY: Paged<never> = { list: [], page: 1, hasMore: false };

/** The page of the kind asked for, each kind with its own rows (the answer of its path), or the API's refusal. */
async function listed(
  request: Request,
  context: LoaderFunctionArgs["context"],
  kind: HistoryKind,
  body: Record<string, unknown>,
) {
  if (kind === "adjustments") {
    const answer = await callAdmin(request, context, SOURCES.adjustments.path, body);
    return answer.code === 1 ? { kind, page: answer.data, error: null } : { kind, page: EMPTY, error: answer.info };
  }
  const answer = await callAdmin(request, context, SOURCES[kind].path, body);
  return answer.code === 1 ? { kind, page: answer.data, error: null } : { kind, page: EMPTY, error: answer.info };
}

export default function History() {
  const { values, errors, result } = useLoaderData<typeof loader>();
  const { kind, page } = result;
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("history.title")}</h1>
      <HistoryFilters kind={kind} values={values} errors={errors} />
      {page.list.length === 0 ? <p className="muted">{t("history.none")}</p> : null}
      {page.list.length > 0 && result.kind === "adjustments" ? (
        <AdjustmentHistoryTable rows={result.page.list} />
      ) : null}
      {page.list.length > 0 && result.kind !== "adjustments" ? (
        <RequestHistoryTable kind={result.kind === "deposits" ? "deposit" : "withdrawal"} rows={result.page.list} />
      ) : null}
      <Pager page={page.page} hasMore={page.hasMore} next={page.next} prev={page.prev} />
    </main>
  );
}
