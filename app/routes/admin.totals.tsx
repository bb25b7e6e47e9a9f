import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";
import { TableScroll } from "~/components/admin/TableScroll";

export const handle = { title: "admin:totals.title" };

type Day = { day: string; turnover: number; payouts: number; house: number; inPlay: number; deposits: number; withdrawals: number; activePlayers: number };

/** Fourteen days per page, computed from the bets and the ledger on each view. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const result = await loadAdmin<{ page: number; days: Day[] }>(request, context, "/api/admin/totals", { page });
  return { ...result, hasMore: result.page < 26 };
}

export default function Totals() {
  const { days, page, hasMore } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  // with separators and the currency, as everywhere in the console
  const money = (n: number) => <Money value={n} />;
  return (
    <main className="admin-main">
      <h1>{t("totals.title")}</h1>
      <TableScroll label={t("totals.title")}>
        <table className="admin-table">
          <thead>
            <tr>
              {["totals.day", "rounds.turnover", "rounds.payouts", "rounds.house", "totals.inPlay", "totals.deposits", "totals.withdrawals", "totals.players"].map((k) => (
                <th key={k} scope="col">
                  {t(k)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{money(d.turnover)}</td>
                <td>{money(d.payouts)}</td>
                <td>{money(d.house)}</td>
                <td>{money(d.inPlay)}</td>
                <td>{money(d.deposits)}</td>
                <td>{money(d.withdrawals)}</td>
                <td>{d.activePlayers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Pager page={page} hasMore={hasMore} />
    </main>
  );
}
