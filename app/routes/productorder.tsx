import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { PlayerTime } from "~/components/PlayerTime";
import { callApi, requireProfile } from "~/lib/api.server";
import { percent, tierName } from "~/lib/finance";
import type { FinanceOrder } from "#shared/answers/finance";
import financeStyles from "~/styles/finance.css?url";
import { EmptyState } from "~/components/EmptyState";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: financeStyles }];
export const handle = { i18n: ["finance"], title: "finance:order.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const page = Math.max(
    1,
    Math.min(1000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1),
  );
  const answer = await callApi(request, context, "/api/Game/getproductorders", { page });
  return {
    orders: answer.code === 1 ? answer.data.list : [],
    page,
    hasMore: answer.code === 1 && answer.data.hasMore,
    failed: answer.code === 1 ? null : answer.info,
  };
}

function OrderCard({ order }: { order: FinanceOrder }) {
  const { t } = useTranslation("finance");
  return (
    <li className="order-card" data-testid={`order-${order.id}`}>
      <div className="order-head">
        <h2>{tierName(t, order.titleKey)}</h2>
        <span className={`order-status ${order.status}`}>{t(`order.status.${order.status}`)}</span>
      </div>
      <dl className="summary">
        <dt>{t("order.principal")}</dt>
        <dd>
          <Money value={order.principal} />
        </dd>
        <dt>{t("order.rate")}</dt>
        <dd>{percent(order.rate)}</dd>
        <dt>{t("order.start")}</dt>
        <dd>
          <PlayerTime ms={order.start} />
        </dd>
        <dt>{t("order.maturity")}</dt>
        <dd>
          <PlayerTime ms={order.maturity} zone />
        </dd>
        <dt>{t("order.daysLeft")}</dt>
        <dd data-testid="days-left">{order.daysLeft}</dd>
        <dt>{t("order.interest")}</dt>
        <dd data-testid="interest">
          <Money value={order.interest} />
        </dd>
        <dt>{t("order.totalInterest")}</dt>
        <dd data-testid="total-interest">
          <Money value={order.totalInterest} />
        </dd>
      </dl>
      <p className="order-progress">{t("order.daysPaid", { paid: order.daysPaid, days: order.days })}</p>
    </li>
  );
}

export default function ProductOrder() {
  const { orders, page, hasMore, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("finance");
  return (
    <main className="finance">
      <PageHeader title={t("order.title")} back="/finance" />
      {failed ? <p className="form-error finance-intro">{failed}</p> : null}
      {!failed && orders.length === 0 ? <EmptyState text={t("order.empty")} /> : null}
      <ul className="order-list">
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </ul>
      <nav className="finance-links">
        {page > 1 ? (
          <Link className="button secondary" to={`?page=${page - 1}`}>
            ‹
          </Link>
        ) : null}
        <Link className="button" to="/finance">
          {t("order.newOrder")}
        </Link>
        {hasMore ? (
          <Link className="button secondary" to={`?page=${page + 1}`}>
            ›
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
