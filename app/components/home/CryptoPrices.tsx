import { useTranslation } from "react-i18next";
import {
  COIN_NAMES,
  PRICE_COINS,
  dayChangePercent,
  formatChange,
  formatPrice,
  quoteOf,
  shownPrice,
  stripStatus,
  type PriceSnapshot,
} from "./price-feed";
import { usePriceFeed } from "./use-price-feed";
import { isStale } from "#shared/prices/snapshot";

/**
 * The market strip (home and /lotteryprize): BTC, ETH, USDT, BNB, SOL, USDC, DOGE, TRX with last price
 * and change since the start of the UTC+8 day. Rendered from the server's last prices, then live from
 * /ws/prices. It shows only what the feed gave: a price older than a minute is marked stale, a coin
 * without one says so. On /lotteryprize it is one more card of the page's column, as wide as the others.
 */
export function CryptoPrices({
  initial,
  placement = "home-section",
}: {
  initial: PriceSnapshot;
  /** where the card sits: a home section (its own margins), or one card of a page's column of cards */
  placement?: "home-section" | "column-card";
}) {
  const { t } = useTranslation("content");
  const { snapshot, nowMs } = usePriceFeed(initial);
  const status = stripStatus(snapshot, nowMs);
  const anyStale = PRICE_COINS.some((coin) => {
    const price = shownPrice(snapshot, coin);
    return price && isStale(price, nowMs);
  });
  const hint =
    status === "unavailable"
      ? t("prices.unavailableHint")
      : status === "reconnecting"
        ? t("prices.downHint")
        : anyStale
          ? t("prices.staleHint")
          : null;
  // No feed set up: no card at all (an empty card on every visit says nothing); the operator's start-up
  // check says the feed is off (docs/product.md#market-prices).
  if (snapshot.feed === "off") return null;
  return (
    <section
      className={`${placement} prices`}
      aria-labelledby="prices-title"
      data-feed={snapshot.feed}
      data-status={status}
    >
      <div className="section-head">
        <h2 id="prices-title">{t("prices.title")}</h2>
        <span className={`feed-status is-${status}`} role="status">
          {t(`prices.${status}`)}
        </span>
      </div>
      {hint ? <p className="prices-note">{hint}</p> : null}
      <ul className="price-list">
        {PRICE_COINS.map((coin) => {
          const price = shownPrice(snapshot, coin);
          const stale = price ? isStale(price, nowMs) : false;
          const change = price ? dayChangePercent(price) : null;
          return (
            <li key={coin} className={`price-row${stale ? " is-stale" : ""}`} data-coin={coin}>
              <span className="coin-mark" aria-hidden="true">
                {coin.slice(0, 1)}
              </span>
              <span className="coin-name">
                <strong>{coin}</strong>
                <small>{stale ? <span className="coin-stale">{t("prices.stale")}</span> : COIN_NAMES[coin]}</small>
              </span>
              {price ? (
                <>
                  {/* the quote currency named beside the figure, as every amount names its currency (Money.tsx) */}
                  <span className="coin-last" title={t("prices.quotedIn", { quote: quoteOf(coin) })}>
                    {formatPrice(price.last)} <small className="coin-quote">{quoteOf(coin)}</small>
                  </span>
                  <span className={`coin-change${change === null ? "" : change >= 0 ? " up" : " down"}`}>
                    {change === null ? "—" : formatChange(change)}
                  </span>
                </>
              ) : (
                <span className="coin-missing">{t("prices.noPrice")}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
