import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BalanceCard } from "~/components/BalanceCard";
import { PageHeader } from "~/components/PageHeader";
import { ProductCard } from "~/components/finance/ProductCard";
import { callApi, optionalProfile } from "~/lib/api.server";
import financeStyles from "~/styles/finance.css?url";
import { EmptyState } from "~/components/EmptyState";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: financeStyles }];
export const handle = { i18n: ["finance"], title: "finance:finance.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [answer, profile] = await Promise.all([
    callApi(request, context, "/api/Game/getproductlist"),
    optionalProfile(request, context),
  ]);
  return {
    products: answer.code === 1 ? answer.data.list : [],
    failed: answer.code === 1 ? null : answer.info,
    profile,
  };
}

export default function Finance() {
  const { products, failed, profile } = useLoaderData<typeof loader>();
  const { t } = useTranslation("finance");
  return (
    <main className="finance">
      <PageHeader title={t("finance.title")} back="/" />
      {profile ? (
        <BalanceCard
          money={profile.money}
          withdrawable={profile.leftmoney}
          withdrawing={profile.withdrawing}
          deposit={!profile.restricted}
        />
      ) : null}
      <p className="finance-intro">{t("finance.intro")}</p>
      <p className="finance-note" data-testid="operator-note">
        {t("finance.operatorNote")}
      </p>
      <nav className="finance-links">
        <Link className="button secondary" to="/productorder">
          {t("finance.orders")}
        </Link>
        <Link className="button secondary" to="/productrule">
          {t("finance.rules")}
        </Link>
      </nav>
      {failed ? <p className="form-error finance-intro">{failed}</p> : null}
      {!failed && products.length === 0 ? <EmptyState text={t("finance.empty")} /> : null}
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </main>
  );
}
