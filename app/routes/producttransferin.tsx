import { RestrictedNotice } from "~/components/protection/RestrictedNotice";
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { PlayerTime } from "~/components/PlayerTime";
import { ProductCard } from "~/components/finance/ProductCard";
import { SubmitButton } from "~/components/wallet/SubmitButton";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { pickProduct, tierName, tierOf, upToCents } from "~/lib/finance";
import type { ProductList } from "#shared/answers/finance";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { useRequestId } from "~/lib/use-request-id";
import financeStyles from "~/styles/finance.css?url";
import { parseMoneyToCents } from "#shared/money";
import {
  dailyInterestCents,
  maturityMs,
  transferProblem,
  valueDateMs,
  type TransferProblem,
} from "#shared/finance/rules";
import { formatDecimal } from "~/lib/number-format";
import { interestPreview, typedCents, withoutGroupSeparators } from "~/lib/finance-preview";
import { ExpectedInterest } from "~/components/finance/ExpectedInterest";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: financeStyles }];
export const handle = { i18n: ["finance"], title: "finance:transfer.title" };

/** Step one checks the amount with the same rules as the API (shared/finance/rules.ts), before any password. */
function amountProblem(typed: string, product: ProductList["list"][number], balance: number): TransferProblem | null {
  if (typed.trim() === "") return { code: 1114 };
  const cents = parseMoneyToCents(typed);
  if (cents === null) return { code: 1050 };
  return transferProblem(tierOf(product), upToCents(product), cents, Math.round(balance * 100));
}

// Two steps, both plain page loads, so they work without JavaScript: the amount form is a GET to this
// page (?id=&money=); a valid amount shows the confirm step, whose form posts with the withdrawal password.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  const url = new URL(request.url);
  if (profile.noPassword2 === 1) {
    const t = await i18nServer.getFixedT(request, "finance");
    throw await redirectWithToast(
      context,
      `/usercipherpassword?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
      t("transfer.needPassword"),
    );
  }
  const answer = await callApi(request, context, "/api/Game/getproductlist");
  if (answer.code !== 1) throw new Response(answer.info, { status: 503 });
  const product = pickProduct(answer.data.list, url.searchParams.get("id"));
  if (!product) throw redirect("/finance");
  // "2,500" is read as the screens write it; the confirm step carries the plain amount.
  const typedAsSent = url.searchParams.get("money");
  const typed = typedAsSent === null ? null : withoutGroupSeparators(typedAsSent);
  const problem = typed === null ? null : amountProblem(typed, product, profile.money);
  const t = await i18nServer.getFixedT(request, "errors");
  const confirm = typed !== null && !problem;
  const cents = confirm ? parseMoneyToCents(typed)! : 0;
  const nowMs = Date.now();
  const perDayCents = dailyInterestCents(cents, product.rate_ppm);
  // What the amount typed earns, refused or not (the refusal says why beside it); the tier's least
  // before an amount is typed, or when what is typed is no amount at all.
  const exampleCents = (typed === null ? null : typedCents(typed)) ?? Math.round(product.min * 100);
  return {
    product,
    products: answer.data.list,
    limits: { min: product.min, max: product.upTo },
    expected: { ...interestPreview(exampleCents, product), maturity: maturityMs(nowMs, product.days) },
    balance: profile.money,
    typed: typedAsSent ?? "",
    amount: typed ?? "",
    amountError: problem
      ? t(String(problem.code), { num: problem.num === undefined ? undefined : formatDecimal(problem.num, 0, 3) })
      : null,
    confirm: confirm
      ? {
          money: cents / 100,
          perDay: perDayCents / 100,
          total: (perDayCents * product.days) / 100,
          valueDate: valueDateMs(nowMs),
          maturity: maturityMs(nowMs, product.days),
        }
      : null,
    requestId: crypto.randomUUID(),
    // A running time-out or self-exclusion closes lock-ups (docs/decisions/142): the notice instead of the form.
    restricted: profile.restricted,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const answer = await callApi(request, context, "/api/Game/producttransferin", {
    product_id: f.product_id ?? "",
    money: f.money ?? "",
    pwd: f.pwd ?? "",
    ...(f.request_id ? { request_id: f.request_id } : {}),
  });
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.transferIn);
  const t = await i18nServer.getFixedT(request, "finance");
  return redirectWithToast(context, "/productorder", t("transfer.done"));
}

export default function ProductTransferIn() {
  const {
    product,
    products,
    limits,
    expected,
    balance,
    typed,
    amount,
    amountError,
    confirm,
    requestId: freshRequestId,
    restricted,
  } = useLoaderData<typeof loader>();
  const requestId = useRequestId(freshRequestId);
  const result = useActionData<typeof action>();
  const { t } = useTranslation("finance");
  const error = result?.error;
  if (restricted) {
    return (
      <main className="finance">
        <PageHeader title={t("transfer.title")} back="/finance" />
        <RestrictedNotice restriction={restricted} />
      </main>
    );
  }
  return (
    <main className="finance">
      <PageHeader title={t("transfer.title")} back="/finance" />
      {confirm ? (
        <Form method="post" className="wallet-card form product-card" noValidate key={requestId}>
          <h2 className="product-name">{t("transfer.confirmTitle")}</h2>
          <input type="hidden" name="request_id" value={requestId} />
          <input type="hidden" name="product_id" value={product.id} />
          <input type="hidden" name="money" value={amount} />
          <dl className="summary" data-testid="confirm-summary">
            <dt>{t("transfer.product")}</dt>
            <dd>{tierName(t, product.titleKey)}</dd>
            <dt>{t("transfer.amount")}</dt>
            <dd>
              <Money value={confirm.money} />
            </dd>
            <dt>{t("transfer.perDay")}</dt>
            <dd>
              <Money value={confirm.perDay} />
            </dd>
            <dt>{t("transfer.total")}</dt>
            <dd>
              <Money value={confirm.total} />
            </dd>
            <dt>{t("transfer.valueDate")}</dt>
            <dd>
              <PlayerTime ms={confirm.valueDate} />
            </dd>
            <dt>{t("transfer.maturity")}</dt>
            <dd>
              <PlayerTime ms={confirm.maturity} zone />
            </dd>
          </dl>
          {error?.field === "money" || (error && !error.field) ? (
            <p className="form-error" role="alert">
              {error.message}
            </p>
          ) : null}
          <Field
            label={t("transfer.pwd")}
            name="pwd"
            type="password"
            autoComplete="off"
            maxLength={16}
            required
            error={error?.field === "pwd" ? error.message : null}
          />
          <SubmitButton>{t("transfer.confirm")}</SubmitButton>
          <Link className="button secondary" to={`/producttransferin?id=${product.id}`} replace>
            {t("transfer.change")}
          </Link>
        </Form>
      ) : (
        <>
          <ProductCard product={product} actions={false} />
          <Form method="get" className="wallet-card form product-card" id="transfer-amount" noValidate>
            <label className="field">
              <span className="field-label">{t("transfer.product")}</span>
              <select name="id" defaultValue={product.id}>
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {tierName(t, p.titleKey)}
                  </option>
                ))}
              </select>
            </label>
            <Field
              label={t("transfer.amount")}
              name="money"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed}
              placeholder={t("transfer.amountHint", {
                min: formatDecimal(limits.min, 0, 3),
                max: formatDecimal(limits.max, 0, 3),
              })}
              error={amountError}
            />
            <p className="hint">
              {t("transfer.balance")} <Money value={balance} />
            </p>
            <ExpectedInterest
              key={typed}
              formId="transfer-amount"
              initial={expected}
              product={product}
              maturity={expected.maturity}
            />
            <button className="button" type="submit">
              {t("transfer.next")}
            </button>
          </Form>
        </>
      )}
      <p className="finance-note">{t("finance.operatorNote")}</p>
    </main>
  );
}
