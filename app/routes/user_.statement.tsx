import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PageHeader } from "~/components/PageHeader";
import { callApi, requireProfile } from "~/lib/api.server";
import { dayReader } from "~/lib/date-entry.server";
import { ledgerFilterOf } from "~/lib/wallet";
import protectionStyles from "~/styles/protection.css?url";
import { DateInput } from "~/components/DateInput";
import { STATEMENT_LINES } from "#shared/answers/account";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];
export const handle = { title: "common:protection.statementTitle" };

/** Lines shown only when something moved through them. */
const QUIET_LINES: ReadonlySet<string> = new Set(["refunds", "principal", "interest", "adjustments", "other"]);

/** Net result over any period, from the ledger: the funds ledger's tabs (?type=) or a date range (?start=&end=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const filter = ledgerFilterOf(new URL(request.url).searchParams, await dayReader(request));
  const ranged = filter.start !== null;
  const answer = await callApi(
    request,
    context,
    "/api/Game/getstatement",
    ranged ? { start: filter.start, end: filter.end } : { type: filter.type },
  );
  return {
    filter,
    statement: answer.code === 1 ? answer.data : null,
    error: answer.code === 1 ? null : answer.info,
  };
}

export default function StatementPage() {
  const { filter, statement, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="protection">
      <PageHeader title={t("protection.statementTitle")} back="/user/limits" />
      <Form method="get" className="form card">
        <div className="row wrap">
          <label className="field">
            <span className="field-label">{t("protection.from")}</span>
            <DateInput name="start" defaultValue={filter.start ?? statement?.start ?? ""} required />
          </label>
          <label className="field">
            <span className="field-label">{t("protection.to")}</span>
            <DateInput name="end" defaultValue={filter.end ?? statement?.end ?? ""} required />
          </label>
        </div>
        <button className="button secondary" type="submit">
          {t("protection.show")}
        </button>
        <Link className="tap-link" to="?type=all">
          {t("protection.allTime")}
        </Link>
      </Form>
      {error ? (
        <p className="form-error card" role="alert">
          {error}
        </p>
      ) : null}
      {statement ? (
        <section className="card" aria-label={t("protection.statementTitle")}>
          <p className="muted">{statement.start ? `${statement.start} – ${statement.end}` : t("protection.allTime")}</p>
          <dl className="statement-lines">
            {statement.opening !== undefined ? (
              <div className="balance-line" data-testid="statement-opening">
                <dt>{t("protection.opening")}</dt>
                <dd>
                  <Money value={statement.opening} />
                </dd>
              </div>
            ) : null}
            <div className="net" data-testid="statement-net">
              <dt>{t("protection.net")}</dt>
              <dd>
                <Money value={statement.net} signed />
              </dd>
            </div>
            {STATEMENT_LINES.filter((line) => !QUIET_LINES.has(line) || statement[line] !== 0).map((line) => (
              <div key={line} data-line={line}>
                <dt>{t(`protection.${line}`)}</dt>
                <dd>
                  <Money value={statement[line]} signed />
                </dd>
              </div>
            ))}
            {statement.closing !== undefined ? (
              <div className="balance-line" data-testid="statement-closing">
                <dt>{t("protection.closing")}</dt>
                <dd>
                  <Money value={statement.closing} />
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}
    </main>
  );
}
