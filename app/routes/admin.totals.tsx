import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";
import { DataTable, type Column } from "~/components/admin/DataTable";
import type { TotalsDay } from "#shared/answers/console-insight";

export const handle = { title: "admin:totals.title" };

/** Fourteen days per page, computed from the bets and the ledger on each view. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const result = await loadAdmin(request, context, "/api/admin/totals", { page });
  return { ...result, hasMore: result.page < 26 };
}

export default function Totals() {
  const { days, page, hasMore } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  // with separators and the currency, as everywhere in the console
  const money = (n: number) => <Money value={n} />;
  const columns: Column<TotalsDay>[] = [
    { head: t("totals.day"), cell: (d) => d.day },
    { head: t("rounds.turnover"), className: "num", cell: (d) => money(d.turnover) },
    { head: t("rounds.payouts"), className: "num", cell: (d) => money(d.payouts) },
    { head: t("rounds.house"), className: "num", cell: (d) => money(d.house) },
    { head: t("totals.inPlay"), className: "num", cell: (d) => money(d.inPlay) },
    { head: t("totals.deposits"), className: "num", cell: (d) => money(d.deposits) },
    { head: t("totals.withdrawals"), className: "num", cell: (d) => money(d.withdrawals) },
    { head: t("totals.players"), className: "num", cell: (d) => d.activePlayers },
  ];
  return (
    <main className="admin-main">
      <h1>{t("totals.title")}</h1>
      <DataTable label={t("totals.title")} columns={columns} rows={days} rowKey={(d) => d.day} />
      <Pager page={page} hasMore={hasMore} />
    </main>
  );
}
