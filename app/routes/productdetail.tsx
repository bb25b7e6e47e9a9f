import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { ProductCard } from "~/components/finance/ProductCard";
import { callApi } from "~/lib/api.server";
import { pickProduct } from "~/lib/finance";
import financeStyles from "~/styles/finance.css?url";
import { dailyInterestCents } from "#shared/finance/rules";
import { formatDecimal } from "~/lib/number-format";
import { useAppConfig } from "~/lib/root-data";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: financeStyles }];
export const handle = { i18n: ["finance"], title: "finance:detail.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const answer = await callApi(request, context, "/api/Game/getproductlist");
  const product =
    answer.code === 1 ? pickProduct(answer.data.list, new URL(request.url).searchParams.get("id")) : undefined;
  if (!product) throw new Response("Not found", { status: 404 });
  const perDayCents = dailyInterestCents(Math.round(product.min * 100), product.rate_ppm);
  return { product, perDay: perDayCents / 100, total: (perDayCents * product.days) / 100 };
}

export default function ProductDetail() {
  const { product, perDay, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation("finance");
  const { currency } = useAppConfig();
  return (
    <main className="finance">
      <PageHeader title={t("detail.title")} back="/finance" />
      <ProductCard product={product} actions={false} />
      <section className="product-card">
        <h2 className="product-name">
          {t("detail.example", { amount: `${formatDecimal(product.min, 0, 3)} ${currency}` })}
        </h2>
        <dl className="summary">
          <dt>{t("detail.perDay")}</dt>
          <dd>
            <Money value={perDay} />
          </dd>
          <dt>{t("detail.total", { count: product.days })}</dt>
          <dd data-testid="example-total">
            <Money value={total} />
          </dd>
        </dl>
      </section>
      <p className="finance-note">{t("finance.operatorNote")}</p>
      <nav className="finance-links">
        <Link className="button secondary" to="/productrule">
          {t("finance.rules")}
        </Link>
        <Link className="button" to={`/producttransferin?id=${product.id}`}>
          {t("finance.lock")}
        </Link>
      </nav>
    </main>
  );
}
