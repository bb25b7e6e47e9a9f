import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { formatMoney, formatOdds, screenOfRoomType } from "~/lib/game";
import { gameTitle, optionLabel, type Translate } from "~/lib/game-labels";
import { percent, type WinCondition } from "~/lib/game-rules";
import { useAppConfig } from "~/lib/root-data";
import { loadRoomRules } from "~/lib/room-rules.server";
import gameStyles from "~/styles/game.css?url";

export const handle = { i18n: ["game"], title: "game:rules.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

/** Every figure on this page is computed on the server (room-rules.server.ts). */
export function loader(args: LoaderFunctionArgs) {
  return loadRoomRules(args);
}

function conditionText(t: Translate, condition: WinCondition): string {
  if (condition.kind === "triple") return t("rules.cond.triple");
  if (condition.kind === "rank") return t(`rules.cond.rank_${condition.bet}`, { rank: condition.rank });
  const { from, to } = condition.range;
  const range =
    from !== null && to !== null
      ? from === to
        ? t("rules.cond.exactly", { n: from })
        : t("rules.cond.between", { from, to })
      : from !== null
        ? t("rules.cond.atLeast", { n: from })
        : to !== null
          ? t("rules.cond.atMost", { n: to })
          : "";
  const parity = condition.parity
    ? t(range ? `rules.cond.${condition.parity}` : `rules.cond.${condition.parity}Sum`)
    : "";
  const refund = condition.refundSums.length ? t("rules.cond.refund", { sums: condition.refundSums.join(", ") }) : "";
  return [range, parity].filter(Boolean).join(", ") + (refund ? ` (${refund})` : "");
}

/** One sentence in each language with the Fairness page's link inside it, where that language puts it. */
function FairnessSentence({ t }: { t: Translate }) {
  const [before, after = ""] = t("rules.fair", { link: "\u0000" }).split("\u0000");
  return (
    <p>
      {before}
      <Link to="/fairness">{t("fairness.title")}</Link>
      {after}
    </p>
  );
}

export default function Rules() {
  const { roomId, refusal, rules } = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const { currency } = useAppConfig();
  if (!rules) {
    return (
      <main className="rules-page">
        <PageHeader title={t("rules.title")} back={`/activity/${roomId}`} />
        <p className="form-error page-gap" role="alert">
          {refusal}
        </p>
      </main>
    );
  }
  const back = `/${screenOfRoomType(rules.gameType)}/${roomId}`;
  return (
    <main className="rules-page">
      <PageHeader title={t("rules.title")} back={back} />
      <section className="card rules-intro">
        <h2>{gameTitle(t, rules.titleKey, rules.title)}</h2>
        <p>{t(`rules.draw.${rules.gameType}`)}</p>
        <p>{t("rules.timing", { seconds: rules.closeSeconds })}</p>
        <p>{t("rules.payout", { minbuy: `${formatMoney(rules.minbuy)} ${currency}` })}</p>
        <FairnessSentence t={t} />
      </section>
      <div className="rules-table-wrap">
        <table className="rules-table">
          <caption className="visually-hidden">{t("rules.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("rules.option")}</th>
              <th scope="col">{t("rules.probability")}</th>
              <th scope="col">{t("rules.odds")}</th>
              <th scope="col">{t("rules.rtp")}</th>
            </tr>
          </thead>
          <tbody>
            {rules.rows.map((row) => (
              <tr key={row.index}>
                <th scope="row">
                  {optionLabel(t, row.key, rules.gameType)}
                  <small>{conditionText(t, row.condition)}</small>
                </th>
                <td className="num">
                  {percent(row.probability.value)}
                  <small>{`${row.probability.num}/${row.probability.den}`}</small>
                </td>
                <td className="num">{formatOdds(row.oddsMilli / 1000)}</td>
                <td className="num">{percent(row.rtp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="rules-note muted">{t("rules.rtpNote")}</p>
    </main>
  );
}
