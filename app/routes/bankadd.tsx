import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { AccountIcon } from "~/components/wallet/AccountCard";
import { SubmitButton } from "~/components/wallet/SubmitButton";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { safeRedirectTarget } from "~/lib/session.server";
import { fieldMessage } from "~/lib/form-errors";
import walletStyles from "~/styles/wallet.css?url";
import { COIN_NETWORKS } from "#shared/coin-address";
import { FIELD_OF_ERROR } from "../../locales/error-fields";
import { accountTypeName } from "#shared/names";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: walletStyles }];
export const handle = { i18n: ["wallet"], title: "wallet:bankadd.title" };

const BANK = "Bank";
const FALLBACK_TYPES = [BANK, "USDT", "BTC", "ETH"];
// The networks each coin is paid out on, as the address check knows them (shared/coin-address.ts).
const NETWORKS: Record<string, readonly string[]> = COIN_NETWORKS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  const answer = await callApi(request, context, "/api/Game/getBankcardlist");
  const types = answer.code === 1 && answer.data.types.length ? answer.data.types : FALLBACK_TYPES;
  const bound = answer.code === 1 ? answer.data.list.map((c) => c.type) : [];
  const asked = new URL(request.url).searchParams.get("type");
  const type = types.includes(asked ?? "") ? asked! : (types.find((t) => !bound.includes(t)) ?? types[0]);
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"), "");
  return { types, bound, type, hasWithdrawalPassword: profile.noPassword2 === 0, redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const isBank = f.type === BANK;
  // Only the fields of the chosen type go out: a Bank card or a coin address (docs/architecture.md#the-contract).
  const body = isBank
    ? {
        type: BANK,
        bank: f.bank ?? "",
        account: f.account ?? "",
        username: f.username ?? "",
        area: f.area ?? "",
        payPwd: f.payPwd ?? "",
      }
    : { type: f.type ?? "", network: f.network ?? "", address: f.address ?? "", payPwd: f.payPwd ?? "" };
  const answer = await callApi(request, context, "/api/Game/addbankcard", body);
  if (answer.code !== 1) {
    const { payPwd: _secret, ...values } = body as Record<string, string | undefined>;
    return formFailure(answer, isBank ? FIELD_OF_ERROR.bankCard : FIELD_OF_ERROR.coinAddress, { values });
  }
  const t = await i18nServer.getFixedT(request, "wallet");
  const to = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"), "/banklist");
  return redirectWithToast(context, to, t("bankadd.added"));
}

export default function BankAdd() {
  const loaded = useLoaderData<typeof loader>();
  const { types, bound, hasWithdrawalPassword, redirectTo } = loaded;
  const result = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const error = result?.error;
  const values: Record<string, string | undefined> = result && "values" in result ? result.values : {};
  // A refused form comes back as the type that was posted, whatever the URL says.
  const type = values.type && types.includes(values.type) ? values.type : loaded.type;
  const fieldError = (name: string) => fieldMessage(error, name);
  const withReturn = (q: URLSearchParams) => {
    if (redirectTo) q.set("redirectTo", redirectTo);
    return `?${q}`;
  };
  const isBank = type === BANK;
  // Without a withdrawal password the Bank form has no password box: its error shows as a message.
  const messageError =
    error && (!error.field || (error.field === "payPwd" && !hasWithdrawalPassword)) ? error.message : null;
  const setPasswordTo = `/usercipherpassword?redirectTo=${encodeURIComponent(`/bankadd${withReturn(new URLSearchParams({ type }))}`)}`;
  return (
    <main className="wallet">
      <PageHeader
        title={t("bankadd.title")}
        back={`/banklist${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
      />
      <nav className="type-chooser" aria-label={t("bankadd.type")}>
        {types.map((option) => (
          <Link
            key={option}
            to={withReturn(new URLSearchParams({ type: option }))}
            replace
            preventScrollReset
            className={option === type ? "type-option active" : "type-option"}
            aria-current={option === type ? "page" : undefined}
          >
            <AccountIcon type={option} />
            <span>{option === BANK ? accountTypeName(t, option) : option}</span>
            {bound.includes(option) ? <small className="type-added">{t("bankadd.bound")}</small> : null}
          </Link>
        ))}
      </nav>
      {/* The key resets the fields when the player switches type. */}
      <Form method="post" className="wallet-card form" noValidate key={type} autoComplete="off">
        <input type="hidden" name="type" value={type} />
        {bound.includes(type) ? (
          <p className="notice">{t("bankadd.alreadyBound", { type: isBank ? accountTypeName(t, type) : type })}</p>
        ) : null}
        {isBank ? (
          <>
            <Field
              label={t("bankadd.bank")}
              name="bank"
              maxLength={64}
              placeholder={t("bankadd.bankPlaceholder")}
              defaultValue={values.bank}
              required
              error={fieldError("bank")}
            />
            <Field
              label={t("bankadd.account")}
              name="account"
              inputMode="numeric"
              maxLength={40}
              placeholder={t("bankadd.accountPlaceholder")}
              defaultValue={values.account}
              required
              error={fieldError("account")}
            />
            <Field
              label={t("bankadd.username")}
              name="username"
              maxLength={64}
              autoComplete="name"
              placeholder={t("bankadd.usernamePlaceholder")}
              defaultValue={values.username}
              required
              error={fieldError("username")}
            />
            <Field
              label={t("bankadd.area")}
              name="area"
              maxLength={64}
              placeholder={t("bankadd.areaPlaceholder")}
              defaultValue={values.area}
              required
              error={fieldError("area")}
            />
          </>
        ) : (
          <>
            <NetworkChoice coin={type} chosen={values.network} error={fieldError("network")} />
            <Field
              label={t("bankadd.address", { coin: type })}
              name="address"
              maxLength={128}
              spellCheck={false}
              autoCapitalize="off"
              placeholder={t("bankadd.addressPlaceholder", { coin: type })}
              defaultValue={values.address}
              required
              error={fieldError("address")}
            />
            <p className="hint">
              {(NETWORKS[type] ?? []).map((n) => t(`bankadd.shapes.${n}`)).join(" · ")}.{" "}
              {t("bankadd.addressHint", { coin: type })}
            </p>
          </>
        )}
        {/* Every payout account, bank or coin address, needs the withdrawal password. */}
        {hasWithdrawalPassword ? (
          <Field
            label={t("bankadd.payPwd")}
            name="payPwd"
            type="password"
            autoComplete="off"
            maxLength={16}
            required
            error={fieldError("payPwd")}
          />
        ) : (
          <p className="notice" data-testid="need-password">
            {t("bankadd.needPassword")} <Link to={setPasswordTo}>{t("bankadd.setPassword")}</Link>
          </p>
        )}
        {messageError ? (
          <p className="form-error" role="alert">
            {messageError}
          </p>
        ) : null}
        <SubmitButton>{t("bankadd.submit")}</SubmitButton>
      </Form>
    </main>
  );
}

/** "Network: Bitcoin" with the language's own colon (Chinese writes "网络：比特币"), the name in bold. */
function NetworkIs({ network }: { network: string }) {
  const { t } = useTranslation("wallet");
  const [before, after = ""] = t("bankadd.networkIs", { network: "\u0000" }).split("\u0000");
  return (
    <span>
      {before}
      <strong>{network}</strong>
      {after}
    </span>
  );
}

/**
 * The network of a coin address: a choice for USDT (TRC20 or ERC20, each with what coins sent on another
 * network cost), a plain statement for a coin with one network.
 */
function NetworkChoice({ coin, chosen, error }: { coin: string; chosen?: string; error: string | null }) {
  const { t } = useTranslation("wallet");
  const networks = NETWORKS[coin] ?? [];
  const name = (n: string) => t(`bankadd.networks.${n}`);
  if (networks.length < 2) {
    return networks.length ? (
      <p className="hint network-single" data-testid="network">
        <NetworkIs network={name(networks[0])} />
        <span>{t("bankadd.networkHint", { coin, network: name(networks[0]) })}</span>
      </p>
    ) : null;
  }
  return (
    <fieldset
      className={`field network-choice${error ? " field-invalid" : ""}`}
      aria-describedby={error ? "network-error" : undefined}
    >
      <legend className="field-label">{t("bankadd.network")}</legend>
      <div className="network-options">
        {networks.map((n) => (
          <label key={n} className="network-option">
            <input type="radio" name="network" value={n} defaultChecked={chosen === n} required />
            <span>{name(n)}</span>
          </label>
        ))}
      </div>
      <span className="hint">{t("bankadd.networkHint", { coin, network: networks.map(name).join(" / ") })}</span>
      {error ? (
        <span className="field-error" id="network-error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
