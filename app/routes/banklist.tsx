import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { PageHeader } from "~/components/PageHeader";
import { AccountCard } from "~/components/wallet/AccountCard";
import { EmptyState } from "~/components/EmptyState";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { safeRedirectTarget } from "~/lib/session.server";
import walletStyles from "~/styles/wallet.css?url";
import { maskAccount } from "#shared/payout-account";
import { accountTypeName } from "#shared/names";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: walletStyles }];
export const handle = { i18n: ["wallet"], title: "wallet:banklist.title" };

/** ?redirectTo= survives the add/delete round trips so the player ends where they started (/withdraw). */
function returnQuery(request: Request): string {
  const to = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"), "");
  return to ? `?redirectTo=${encodeURIComponent(to)}` : "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const answer = await callApi(request, context, "/api/Game/getBankcardlist");
  const query = returnQuery(request);
  if (answer.code !== 1) return { cards: [], freeTypes: [], loadError: answer.info, query };
  const bound = new Set(answer.data.list.map((c) => c.type));
  // only the masked number reaches the page, its data included
  const cards = answer.data.list.map((card) => ({
    ...card,
    account: card.type === "Bank" ? maskAccount(card.account) : card.account,
  }));
  return { cards, freeTypes: answer.data.types.filter((type) => !bound.has(type)), loadError: null, query };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const back = `/banklist${returnQuery(request)}`;
  // The confirm dialog posts intent=delete-<id>; the API gets the contract's {id}.
  const id = /^delete-(\d{1,15})$/.exec(f.intent ?? "")?.[1];
  const answer = await callApi(request, context, "/api/Game/delbankcard", { id: id ? Number(id) : (f.intent ?? "") });
  if (answer.code !== 1) return redirectWithToast(context, back, answer.info);
  const t = await i18nServer.getFixedT(request, "wallet");
  return redirectWithToast(context, back, t("banklist.deleted"));
}

export default function BankList() {
  const { cards, freeTypes, loadError, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const [search] = useSearchParams();
  const confirmId = search.get("confirm");
  const toDelete = cards.find((c) => String(c.id) === confirmId);
  const confirmQuery = (id: number) => `${query ? `${query}&` : "?"}confirm=${id}`;
  return (
    <main className="wallet">
      <PageHeader
        title={t("banklist.title")}
        back={search.get("redirectTo") === "/withdraw" ? "/user" : "/my_password"}
      />
      {loadError ? <p className="form-error wallet-inset">{loadError}</p> : null}
      {cards.length === 0 && !loadError ? (
        <EmptyState text={t("banklist.empty")} />
      ) : (
        <ul className="account-list" data-testid="account-list">
          {cards.map((card) => (
            <li key={card.id}>
              <AccountCard card={card} details>
                <Link
                  to={confirmQuery(card.id)}
                  replace
                  preventScrollReset
                  className="account-delete"
                  aria-label={t("banklist.delete")}
                >
                  {t("banklist.delete")}
                </Link>
              </AccountCard>
            </li>
          ))}
        </ul>
      )}
      <div className="wallet-inset">
        {freeTypes.length ? (
          <Link className="button" to={`/bankadd${query}`}>
            ＋ {t("banklist.add")}
          </Link>
        ) : !loadError ? (
          <p className="hint center">{t("banklist.allAdded")}</p>
        ) : null}
        {search.get("redirectTo") === "/withdraw" && cards.length ? (
          <Link className="button secondary" to="/withdraw">
            {t("banklist.toWithdraw")}
          </Link>
        ) : null}
        <p className="hint center">{t("banklist.oneEach")}</p>
      </div>
      {toDelete ? (
        <ConfirmDialog
          message={t("banklist.confirmDelete", {
            name:
              toDelete.type === "Bank"
                ? `${toDelete.bank} ${toDelete.account.slice(-4)}`
                : accountTypeName(t, toDelete.type),
          })}
          action={`/banklist${query}`}
          cancelTo={`/banklist${query}`}
          intent={`delete-${toDelete.id}`}
        />
      ) : null}
    </main>
  );
}
