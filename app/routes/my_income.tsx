import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { DateRangeSheet } from "~/components/wallet/DateRangeSheet";
import { EmptyState } from "~/components/EmptyState";
import { Icon } from "~/components/wallet/Icon";
import { LedgerList } from "~/components/wallet/LedgerList";
import { Pager } from "~/components/wallet/Pager";
import { callApi, requireProfile } from "~/lib/api.server";
import { dayReader } from "~/lib/date-entry.server";
import { defaultLedgerRange, isDate, LEDGER_TABS, ledgerFilterOf, pageCursor } from "~/lib/wallet";
import walletStyles from "~/styles/wallet.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: walletStyles }];
export const handle = { i18n: ["wallet"], title: "wallet:income.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  const filter = ledgerFilterOf(new URL(request.url).searchParams, await dayReader(request));
  const ranged = filter.start !== null;
  const answer = await callApi(request, context, "/api/Game/getfinanceflow", {
    ...(ranged ? { start: filter.start, end: filter.end } : { type: filter.type }),
    page: filter.page,
    ...pageCursor(new URL(request.url).searchParams),
  });
  const fallback = defaultLedgerRange(Date.now());
  return {
    balance: profile.money,
    filter,
    ranged,
    flow: answer.code === 1 ? answer.data : null,
    error: answer.code === 1 ? null : { code: Number(answer.data?.errCode ?? 0), message: answer.info },
    // What the drawer's date boxes show: the range asked for, else three days back through today.
    drawer: {
      start: isDate(filter.start) ? filter.start : fallback.start,
      end: isDate(filter.end) ? filter.end : fallback.end,
    },
  };
}

export default function FundsLedger() {
  const { balance, filter, ranged, flow, error, drawer } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const [search] = useSearchParams();
  // A refused range (1072 start after end) reopens the drawer so the dates can be fixed at once.
  const drawerOpen = search.get("range") === "1" || (ranged && error !== null);
  const openDrawer = new URLSearchParams(search);
  openDrawer.set("range", "1");
  const closeDrawer = new URLSearchParams(search);
  closeDrawer.delete("range");
  return (
    <main className="wallet">
      <PageHeader title={t("income.title")} back="/user" />
      <div className="ledger-summary">
        <span className="muted">{t("balance")}</span>
        <strong>
          <Money value={balance} />
        </strong>
      </div>
      <nav className="ledger-tabs" aria-label={t("income.period")}>
        {LEDGER_TABS.map((tab) => (
          <Link
            key={tab}
            to={tab === "all" ? "?" : `?type=${tab}`}
            className={!ranged && filter.type === tab ? "active" : undefined}
            aria-current={!ranged && filter.type === tab ? "page" : undefined}
          >
            {t(`income.tabs.${tab}`)}
          </Link>
        ))}
        <Link
          to={`?${openDrawer}`}
          preventScrollReset
          className={ranged ? "range-button active" : "range-button"}
          aria-label={t("income.range")}
        >
          <Icon name="calendar" size={18} />
        </Link>
      </nav>
      {ranged && !error ? (
        <div className="range-chip">
          <span>{`${filter.start} ~ ${filter.end}`}</span>
          <Link to="?" aria-label={t("income.clearRange")}>
            ✕
          </Link>
        </div>
      ) : null}
      {error ? (
        <p className="form-error wallet-inset" role="alert" data-testid="ledger-error">
          {error.message}
        </p>
      ) : null}
      {flow ? (
        flow.list.length || flow.page > 1 ? (
          <>
            <LedgerList rows={flow.list} />
            <Pager page={flow.page} hasMore={flow.hasMore} next={flow.next} prev={flow.prev} />
          </>
        ) : (
          <EmptyState text={t("income.empty")} />
        )
      ) : null}
      {drawerOpen ? (
        <DateRangeSheet
          start={drawer.start}
          end={drawer.end}
          cancelTo={`?${closeDrawer}`}
          error={ranged ? (error?.message ?? null) : null}
        />
      ) : null}
    </main>
  );
}
