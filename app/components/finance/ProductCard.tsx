import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { percent, tierName } from "~/lib/finance";
import type { Product } from "#shared/answers/finance";

/** One tier: its rates, amount range and lock-up, with the ways on (details, lock funds). */
export function ProductCard({ product, actions = true }: { product: Product; actions?: boolean }) {
  const { t } = useTranslation("finance");
  return (
    <article className="product-card" data-testid={`product-${product.titleKey}`}>
      <h2 className="product-name">{tierName(t, product.titleKey)}</h2>
      <dl className="product-figures">
        <div>
          <dt>{t("finance.daily")}</dt>
          <dd className="product-rate">{percent(product.rate)}</dd>
        </div>
        <div>
          <dt>{t("finance.yearly")}</dt>
          <dd>{percent(product.yearRate)}</dd>
        </div>
        <div>
          <dt>{t("finance.range")}</dt>
          <dd>
            {product.max === null ? (
              <>
                <Money value={product.min} /> +{" "}
                <span className="muted" data-testid="open-max">
                  {t("finance.upTo")} <Money value={product.upTo} />
                </span>
              </>
            ) : (
              <>
                <Money value={product.min} /> – <Money value={product.max} />
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t("finance.days")}</dt>
          <dd>{t("finance.daysValue", { count: product.days })}</dd>
        </div>
      </dl>
      {actions ? (
        <div className="product-actions">
          <Link className="button secondary" to={`/productdetail?id=${product.id}`}>
            {t("finance.details")}
          </Link>
          <Link className="button" to={`/producttransferin?id=${product.id}`}>
            {t("finance.lock")}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
