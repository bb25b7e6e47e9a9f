import { useTranslation } from "react-i18next";
import { COIN_NAMES, PRICE_COINS, dayChangePercent, formatChange, formatPrice, type PriceFeed } from "./price-feed";

/**
 * The market strip: BTC, ETH, USDT, BNB, SOL, USDC, DOGE, TRX with last price and change since the
 * start of the day. It shows only what the feed gives; a coin without a price says so.
 */
export function CryptoPrices({ feed }: { feed: PriceFeed }) {
  const { t } = useTranslation("content");
  const live = feed.status === "live";
  return (
    <section className="home-section prices" aria-labelledby="prices-title">
      <div className="section-head">
        <h2 id="prices-title">{t("prices.title")}</h2>
        <span className={`feed-status${live ? " is-live" : ""}`}>{live ? t("prices.live") : t("prices.unavailable")}</span>
      </div>
      {!live ? <p className="prices-note">{t("prices.unavailableHint")}</p> : null}
      <ul className="price-list">
        {PRICE_COINS.map((coin) => {
          const ticker = live ? feed.tickers[coin] : undefined;
          const change = ticker ? dayChangePercent(ticker) : null;
          return (
            <li key={coin} className="price-row" data-coin={coin}>
              <span className="coin-mark" aria-hidden="true">
                {coin.slice(0, 1)}
              </span>
              <span className="coin-name">
                <strong>{coin}</strong>
                <small>{COIN_NAMES[coin]}</small>
              </span>
              {ticker ? (
                <>
                  <span className="coin-last">{formatPrice(ticker.last)}</span>
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
