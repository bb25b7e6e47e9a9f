import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HistoryFilters, type HistoryFilterValues, type HistoryKind } from "~/components/admin/HistoryFilters";
import { AdjustmentHistoryTable, RequestHistoryTable } from "~/components/admin/HistoryTables";
import { Pager } from "~/components/wallet/Pager";
import { checkFields } from "~/lib/form.server";
import { callAdmin } from "~/lib/operator.server";
import { pageCursor, pageOf } from "~/lib/wallet";
import { adjustmentHistoryForm } from "#shared/forms/operators";
import { requestListForm } from "#shared/forms/wallet";
import type { AdjustmentHistoryRow, RequestHistoryRow } from "#shared/answers/console-wallet";
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
  const values: HistoryFilterValues = {
    status: get("status") || source.status,
    player: get("player"),
    from: get("from"),
    to: get("to"),
    min: get("min"),
    max: get("max"),
  };
  const body = { ...values, page: pageOf(url.searchParams), ...pageCursor(url.searchParams) };
  const refused = await checkFields(request, source.form, body);
  const empty: Paged<never> = { list: [], page: 1, hasMore: false };
  if (refused) return { kind, values, errors: refused.fields, result: empty };
  const answer = await callAdmin(request, context, source.path, body);
  if (answer.code !== 1) return { kind, values, errors: { status: answer.info }, result: empty };
  return { kind, values, errors: {} as Record<string, string>, result: answer.data };
}

export default function History() {
  const { kind, values, errors, result } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("history.title")}</h1>
      <HistoryFilters kind={kind} values={values} errors={errors} />
      {result.list.length === 0 ? <p className="muted">{t("history.none")}</p> : null}
      {result.list.length > 0 && kind === "adjustments" ? (
        <AdjustmentHistoryTable rows={result.list as AdjustmentHistoryRow[]} />
      ) : null}
      {result.list.length > 0 && kind !== "adjustments" ? (
        <RequestHistoryTable
          kind={kind === "deposits" ? "deposit" : "withdrawal"}
          rows={result.list as RequestHistoryRow[]}
        />
      ) : null}
      <Pager page={result.page} hasMore={result.hasMore} next={result.next} prev={result.prev} />
    </main>
  );
}
