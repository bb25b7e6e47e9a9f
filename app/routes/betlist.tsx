import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import { callApi, requireProfile } from "~/lib/api.server";
import { BET_TABS, betStatusOf, betTabOf, formatOdds } from "~/lib/game";
import type { BetRecord, BetTotals } from "#shared/answers/games";
import { RACING_10 } from "#shared/rooms";
import { gameTitle, optionLabel } from "~/lib/game-labels";
import gameStyles from "~/styles/game.css?url";
import { EmptyState } from "~/components/EmptyState";
import { voidReasonText } from "~/lib/void-reason";
import { pageCursor, withPage } from "~/lib/wallet";

export const handle = { i18n: ["game"], title: "game:betlist.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = betTabOf(url.searchParams.get("type"));
  const page = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  await requireProfile(request, context);
  const answer = await callApi(request, context, "/api/Game/getGamelog2", {
    type: tab,
    page,
    ...pageCursor(url.searchParams),
  });
  return {
    tab,
    page,
    rows: answer.code === 1 ? answer.data.data : [],
    totals: answer.code === 1 ? (answer.data.totals ?? null) : null,
    hasMore: answer.code === 1 ? Boolean(answer.data.hasMore) : false,
    next: answer.code === 1 ? answer.data.next : null,
    prev: answer.code === 1 ? answer.data.prev : null,
    failed: answer.code === 1 ? null : answer.info,
  };
}

/** The tab shown, added up: its bets, what they staked and got back, and the result so far. */
function TabTotals({ totals }: { totals: BetTotals }) {
  const { t } = useTranslation("game");
  return (
    <dl className="bet-totals" data-testid="bet-totals">
      <div>
        <dt>{t("betlist.totals.bets")}</dt>
        <dd className="num">{t("betlist.totals.count", { count: totals.bets })}</dd>
      </div>
      <div>
        <dt>{t("betlist.totals.staked")}</dt>
        <dd className="num">
          <Money value={totals.staked} />
        </dd>
      </div>
      <div>
        <dt>{t("betlist.totals.returned")}</dt>
        <dd className="num">
          <Money value={totals.returned} />
        </dd>
      </div>
      <div>
        <dt>{t("betlist.totals.result")}</dt>
        <dd className={`num${totals.result > 0 ? " good" : totals.result < 0 ? " bad" : ""}`}>
          <Money value={totals.result} signed />
        </dd>
      </div>
    </dl>
  );
}

/**
 * One bet: what support asks a player for is all here (room, round, option, time placed); the order's internal
 * number is not (docs/decisions/196-net-result-and-bet-references.md).
 */
function BetRow({ bet }: { bet: BetRecord }) {
  const { t } = useTranslation("game");
  const status = betStatusOf(bet.isaward);
  return (
    <li className={`bet-card status-${status}`}>
      <div className="bet-card-head">
        <span className="bet-room">{bet.titleKey ? gameTitle(t, bet.titleKey, bet.roomTitle) : bet.roomTitle}</span>
        <span className={`status-badge status-${status}`}>{t(`betlist.status.${status}`)}</span>
      </div>
      <div className="bet-card-main">
        <span className="bet-option">{optionLabel(t, bet.valuecn, bet.gametype)}</span>
        <span className="muted">@ {formatOdds(bet.rate)}</span>
        <span className="num bet-stake">
          <Money value={bet.money} />
        </span>
      </div>
      <dl className="bet-card-facts">
        <dt>{t("betlist.round")}</dt>
        <dd>{bet.seqno}</dd>
        {bet.draw ? (
          <>
            <dt>{t("betlist.draw")}</dt>
            <dd data-testid="bet-draw">
              {bet.draw.numbers.join(" ")}
              {bet.draw.sum !== null
                ? ` · ${t(bet.gametype === RACING_10 ? "result.sumRacing" : "result.sum", { sum: bet.draw.sum })}`
                : ""}
            </dd>
          </>
        ) : null}
        {bet.void?.reason ? (
          <>
            <dt>{t("betlist.voided")}</dt>
            <dd className="bet-fact-sentence" data-testid="bet-void">
              {voidReasonText(t, { voidReason: bet.void.reason, voidPreset: bet.void.preset })}
            </dd>
          </>
        ) : null}
        {/* a voided round gives the stake back: neither a win nor a loss, so never called an award */}
        <dt>{status === "refunded" ? t("betlist.status.refunded") : t("betlist.award")}</dt>
        <dd className={`num${status === "won" ? " good" : ""}`} data-testid="bet-outcome">
          {status === "pending" ? "—" : <Money value={bet.award} />}
        </dd>
        <dt>{t("betlist.time")}</dt>
        <dd>
          <PlayerTime ms={bet.createtime} />
        </dd>
      </dl>
    </li>
  );
}

export default function BetList() {
  const { tab, page, rows, totals, hasMore, next, prev, failed } = useLoaderData<typeof loader>();
  const pageLink = (to: number, cursor: { after?: string | null; before?: string | null }) =>
    `/betlist${withPage(new URLSearchParams({ type: tab }), to, cursor)}`;
  const { t } = useTranslation("game");
  return (
    <main className="betlist-page">
      <PageHeader title={t("betlist.title")} back="/user" />
      <nav className="tabs" aria-label={t("betlist.tabs")}>
        {BET_TABS.map((name) => (
          <Link
            key={name}
            to={`/betlist?type=${name}`}
            className={name === tab ? "tab active" : "tab"}
            aria-current={name === tab ? "page" : undefined}
          >
            {t(`betlist.tab.${name}`)}
          </Link>
        ))}
      </nav>
      {failed ? <p className="form-error page-gap">{failed}</p> : null}
      {!failed && rows.length === 0 ? <EmptyState text={t("betlist.empty")} /> : null}
      {totals && totals.bets > 0 ? <TabTotals totals={totals} /> : null}
      {rows.length > 0 ? <ZoneNote /> : null}
      <ul className="bet-cards">
        {rows.map((bet) => (
          <BetRow key={bet.id} bet={bet} />
        ))}
      </ul>
      {page > 1 || hasMore ? (
        <nav className="pager" aria-label={t("betlist.pages")}>
          {page > 1 ? (
            <Link className="button secondary small" to={pageLink(page - 1, { before: prev })}>
              {t("betlist.newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className="muted">{t("betlist.page", { page })}</span>
          {hasMore ? (
            <Link className="button secondary small" to={pageLink(page + 1, { after: next })}>
              {t("betlist.older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </main>
  );
}
