import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { AmountInput } from "~/components/wallet/AmountInput";
import { BalanceCard } from "~/components/wallet/BalanceCard";
import { DepositList } from "~/components/wallet/DepositList";
import { SubmitButton } from "~/components/wallet/SubmitButton";
import { PayeeList } from "~/components/wallet/PayeeList";
import { PaidIntoChoice } from "~/components/wallet/PaidIntoChoice";
import { SupportCard } from "~/components/wallet/SupportCard";
import { callApi, optionalProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { filterAmountInput, pageCursor, pageOf, rechargeBackPath } from "~/lib/wallet";
import { useRequestId } from "~/lib/use-request-id";
import { useAppConfig } from "~/lib/root-data";
import { RestrictedNotice } from "~/components/protection/RestrictedNotice";
import walletStyles from "~/styles/wallet.css?url";
import { formatDecimal } from "~/lib/number-format";
import { fieldMessage } from "~/lib/form-errors";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: walletStyles }];
export const handle = { tabBar: true, i18n: ["wallet"], title: "wallet:recharge.title" };

const PRESETS = ["100", "500", "2000", "5000"]; // docs/product.md#constants-and-limits quick amounts

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const back = rechargeBackPath(params.back);
  // docs/product.md#screens lists /recharge without (auth): a guest gets a log-in prompt, not a redirect.
  const profile = await optionalProfile(request, context);
  if (!profile)
    return {
      back,
      balance: null,
      deposits: null,
      listError: null,
      requestId: "",
      amount: "",
      restricted: null,
      reference: "",
    };
  const answer = await callApi(request, context, "/api/Game/getrechargelist", {
    page: pageOf(url.searchParams),
    ...pageCursor(url.searchParams),
  });
  return {
    back,
    balance: profile.money,
    deposits: answer.code === 1 ? answer.data : null,
    listError: answer.code === 1 ? null : answer.info,
    // A fresh key per rendered form: a repeated submit of this form is the same request, never a second one.
    requestId: crypto.randomUUID(),
    amount: filterAmountInput(url.searchParams.get("amount") ?? ""),
    // A running time-out or self-exclusion closes deposits (docs/decisions/142): the notice instead of the form.
    restricted: profile.restricted,
    // What the player writes on the transfer so an operator can match it: the account's own name.
    reference: profile.name,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const answer = await callApi(request, context, "/api/Game/recharge", {
    money: f.money ?? "",
    pay_name: f.pay_name ?? "",
    payee: f.payee ?? "",
    pay_ref: f.pay_ref ?? "",
    ...(f.request_id ? { request_id: f.request_id } : {}),
  });
  if (answer.code !== 1) {
    const kefuUrl = answer.data?.errCode === 2056 ? String(answer.data?.kefu_url ?? "") : null;
    return formFailure(answer, FIELD_OF_ERROR.deposit, {
      kefuUrl,
      values: { money: f.money ?? "", pay_name: f.pay_name ?? "", payee: f.payee ?? "", pay_ref: f.pay_ref ?? "" },
    });
  }
  const t = await i18nServer.getFixedT(request, "wallet");
  return redirectWithToast(context, new URL(request.url).pathname, t("recharge.sent"));
}

export default function Recharge() {
  const {
    back,
    balance,
    deposits,
    listError,
    requestId: freshRequestId,
    amount,
    restricted,
    reference,
  } = useLoaderData<typeof loader>();
  const requestId = useRequestId(freshRequestId);
  const result = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const config = useAppConfig();
  const { pathname } = useLocation();
  const error = result?.error;
  const fieldError = (name: string) => fieldMessage(error, name);
  const min = deposits?.min ?? config.deposit_min ?? 10;
  const contact = deposits?.mode === "contact" || result?.kefuUrl != null;
  const kefuUrl = result?.kefuUrl || deposits?.kefu_url || config.kefu_url;
  // An empty list means the operator set no account: nowhere to pay, so no form to file. A backend that does not
  // list accounts at all (proxy mode, payees absent) keeps the form.
  const nowhereToPay = deposits?.payees?.length === 0;
  return (
    <main className="wallet">
      <PageHeader title={t("recharge.title")} back={back} />
      {balance === null ? (
        <section className="wallet-card guest-prompt">
          <div className="guest-icon" aria-hidden="true">
            ＋
          </div>
          <h2>{t("recharge.guestTitle")}</h2>
          <p className="muted">{t("recharge.guestText")}</p>
          <Link className="button" to={`/login?redirectTo=${encodeURIComponent(pathname)}`}>
            {t("recharge.login")}
          </Link>
          <Link className="button secondary" to={`/register?redirectTo=${encodeURIComponent(pathname)}`}>
            {t("recharge.register")}
          </Link>
        </section>
      ) : (
        <>
          <BalanceCard main={{ label: t("balance"), value: balance, testId: "balance" }} />
          {restricted ? (
            <RestrictedNotice restriction={restricted} />
          ) : contact ? (
            <SupportCard url={kefuUrl} message={error?.code === 2056 ? error.message : t("recharge.contactText")} />
          ) : nowhereToPay ? (
            <>
              {/* a form sent from a page that still listed an account is refused (1262): the answer in words */}
              {error ? (
                <p className="form-error" role="alert">
                  {error.message}
                </p>
              ) : null}
              <PayeeList payees={[]} reference={reference} supportUrl={kefuUrl} />
            </>
          ) : (
            <>
              <PayeeList payees={deposits?.payees ?? []} reference={reference} supportUrl={kefuUrl} />
              <Form method="post" className="wallet-card form" noValidate key={requestId}>
                <h2 className="wallet-card-title">{t("recharge.formTitle")}</h2>
                <input type="hidden" name="request_id" value={requestId} />
                <AmountInput
                  label={t("recharge.amount")}
                  placeholder={t("recharge.amountPlaceholder", { min })}
                  defaultValue={result?.values?.money ?? amount}
                  error={fieldError("money")}
                  presets={PRESETS.map((value) => ({ label: formatDecimal(Number(value), 0, 3), value }))}
                />
                <Field
                  label={t("recharge.payName")}
                  name="pay_name"
                  autoComplete="name"
                  maxLength={64}
                  placeholder={t("recharge.payNamePlaceholder")}
                  defaultValue={result?.values?.pay_name ?? ""}
                  required
                  error={fieldError("pay_name")}
                />
                <PaidIntoChoice
                  payees={deposits?.payees ?? []}
                  chosen={result?.values?.payee ?? ""}
                  error={fieldError("payee")}
                />
                <Field
                  label={(deposits?.payees ?? []).length > 0 ? t("recharge.payRef") : t("recharge.payRefOptional")}
                  name="pay_ref"
                  autoComplete="off"
                  maxLength={40}
                  placeholder={t("recharge.payRefPlaceholder")}
                  defaultValue={result?.values?.pay_ref ?? ""}
                  required={(deposits?.payees ?? []).length > 0}
                  error={fieldError("pay_ref")}
                />
                <p className="hint">
                  {t("recharge.minimum")} <Money value={min} />
                </p>
                {error && !error.field ? (
                  <p className="form-error" role="alert">
                    {error.message}
                  </p>
                ) : null}
                <SubmitButton>{t("recharge.submit")}</SubmitButton>
                <ol className="steps">
                  <li>{t("recharge.step1")}</li>
                  <li>{t("recharge.step2")}</li>
                  <li>{t("recharge.step3")}</li>
                </ol>
              </Form>
            </>
          )}
          <section className="wallet-section" aria-labelledby="deposits-title">
            <h2 id="deposits-title" className="wallet-section-title">
              {t("recharge.listTitle")}
            </h2>
            {listError ? <p className="form-error">{listError}</p> : null}
            {deposits ? <DepositList deposits={deposits} /> : null}
          </section>
        </>
      )}
    </main>
  );
}
