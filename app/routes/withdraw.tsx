import { useState } from "react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { AmountInput } from "~/components/wallet/AmountInput";
import { BalanceCard } from "~/components/wallet/BalanceCard";
import { CardChooser } from "~/components/wallet/CardChooser";
import { SubmitButton } from "~/components/wallet/SubmitButton";
import { WithdrawalList } from "~/components/wallet/WithdrawalList";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { fieldMessage } from "~/lib/form-errors";
import { checkFields, fieldsFailure, formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { filterAmountInput, pageCursor, pageOf, withdrawAllAmount } from "~/lib/wallet";
import { useRequestId } from "~/lib/use-request-id";
import walletStyles from "~/styles/wallet.css?url";
import { withdrawForm } from "#shared/forms/wallet";
import { CoinPayoutPreview, coinRateMissing } from "~/components/wallet/CoinPayoutPreview";
import { chosenQuote } from "~/lib/coin-quote";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: walletStyles }];
export const handle = { i18n: ["wallet"], title: "wallet:withdraw.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  const url = new URL(request.url);
  const cards = await callApi(request, context, "/api/Game/getBankcardlist");
  // docs/product.md#how-screens-behave: no account -> the accounts page; no withdrawal password -> the password page.
  if (cards.code === 1 && cards.data.list.length === 0) {
    const t = await i18nServer.getFixedT(request, "wallet");
    throw await redirectWithToast(context, "/banklist?redirectTo=/withdraw", t("withdraw.needAccount"));
  }
  if (profile.noPassword2 === 1) {
    const t = await i18nServer.getFixedT(request, "wallet");
    throw await redirectWithToast(context, "/usercipherpassword?redirectTo=/withdraw", t("withdraw.needPassword"));
  }
  const withdrawals = await callApi(request, context, "/api/Game/getwithdrawlist", {
    page: pageOf(url.searchParams),
    ...pageCursor(url.searchParams),
  });
  return {
    balance: profile.money,
    withdrawable: profile.leftmoney,
    withdrawing: profile.withdrawing ?? 0,
    cards: cards.code === 1 ? cards.data.list : [],
    withdrawals: withdrawals.code === 1 ? withdrawals.data : null,
    loadError: cards.code !== 1 ? cards.info : withdrawals.code !== 1 ? withdrawals.info : null,
    // A fresh key per rendered form: a repeated submit is the same withdrawal, never a second hold.
    requestId: crypto.randomUUID(),
    amount: filterAmountInput(url.searchParams.get("amount") ?? ""),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const quote = chosenQuote(f);
  const form = {
    bank_id: f.bank_id ?? "",
    money: f.money ?? "",
    pwd: f.pwd ?? "",
    ...(f.request_id ? { request_id: f.request_id } : {}),
    // the coin figure the page showed for the account chosen (CoinPayoutPreview): the Worker keeps that or refuses
    ...(quote && quote !== "unloaded" ? quote : {}),
  };
  const values = { money: f.money ?? "", bank_id: f.bank_id ?? "" };
  // Every field's error at once; the API then decides what only it knows (balance, password, day cap). A coin
  // account chosen on a page whose rates did not load has no figure to confirm (1261): nothing is sent on.
  const refused = await checkFields(request, withdrawForm, form, {}, { bank_id: quote === "unloaded" ? 1261 : null });
  if (refused) return fieldsFailure(refused, { values });
  const answer = await callApi(request, context, "/api/Game/withdraw", form);
  // The contract's success is data === 1 (docs/architecture.md#the-contract).
  if (answer.code !== 1 || answer.data !== 1) return formFailure(answer, FIELD_OF_ERROR.withdrawal, { values });
  const t = await i18nServer.getFixedT(request, "wallet");
  return redirectWithToast(context, "/withdraw", t("withdraw.sent"));
}

export default function Withdraw() {
  const {
    balance,
    withdrawable,
    withdrawing,
    cards,
    withdrawals,
    loadError,
    requestId: freshRequestId,
    amount,
  } = useLoaderData<typeof loader>();
  const requestId = useRequestId(freshRequestId);
  const result = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const error = result?.error;
  const fieldError = (name: string) => fieldMessage(error, name);
  const leftToday = withdrawals?.leftToday ?? 0;
  // what the form holds now, for the coins a coin withdrawal pays: the amount box and the chooser report every
  // value they come to hold (typed, a preset, kept from before the page became interactive, a fresh form's)
  const [money, setMoney] = useState(result?.values?.money ?? amount);
  const [bankId, setBankId] = useState(result?.values?.bank_id ?? "");
  return (
    <main className="wallet">
      <PageHeader title={t("withdraw.title")} back="/user" />
      <BalanceCard
        main={{ label: t("withdrawable"), value: withdrawable, testId: "withdrawable" }}
        others={[
          { label: t("balance"), value: balance },
          { label: t("withdraw.leftToday"), value: leftToday, testId: "left-today" },
          ...(withdrawing > 0
            ? [{ label: t("common:user.withdrawing"), value: withdrawing, testId: "withdrawing" }]
            : []),
        ]}
      >
        {withdrawals ? (
          <p className="wallet-hero-note">
            {t("withdraw.dailyCap")} <Money value={withdrawals.dailyCap} />
          </p>
        ) : null}
      </BalanceCard>
      {loadError ? <p className="form-error wallet-inset">{loadError}</p> : null}
      <Form method="post" className="wallet-card form" noValidate key={requestId}>
        <input type="hidden" name="request_id" value={requestId} />
        <div className="wallet-card-head">
          <h2 className="wallet-card-title">{t("withdraw.to")}</h2>
          <Link to="/banklist?redirectTo=/withdraw" className="text-link">
            {t("withdraw.manageAccounts")}
          </Link>
        </div>
        <CardChooser
          cards={cards}
          defaultId={result?.values?.bank_id}
          error={fieldError("bank_id")}
          onChoose={setBankId}
        />
        <AmountInput
          label={t("withdraw.amount")}
          placeholder={t("withdraw.amountPlaceholder")}
          defaultValue={result?.values?.money ?? amount}
          error={fieldError("money")}
          presets={[{ label: t("withdraw.all"), value: withdrawAllAmount(withdrawable) }]}
          inline
          onValueChange={setMoney}
        />
        <CoinPayoutPreview cards={cards} bankId={bankId} money={money} rates={withdrawals?.coinPayouts} />
        <Field
          label={t("withdraw.pwd")}
          name="pwd"
          type="password"
          autoComplete="off"
          maxLength={16}
          required
          error={fieldError("pwd")}
        />
        {error && !error.field ? (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <SubmitButton disabled={coinRateMissing(cards, bankId, withdrawals?.coinPayouts)}>
          {t("withdraw.submit")}
        </SubmitButton>
        <p className="hint">{t("withdraw.settleNote")}</p>
      </Form>
      <section className="wallet-section" aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title" className="wallet-section-title">
          {t("withdraw.listTitle")}
        </h2>
        {withdrawals ? <WithdrawalList withdrawals={withdrawals} /> : null}
      </section>
    </main>
  );
}
