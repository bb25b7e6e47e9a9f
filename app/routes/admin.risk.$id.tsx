import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import { ActionError } from "~/components/admin/ActionError";
import { MarkerWhy } from "~/components/insight/MarkerWhy";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";
import { zonedTime } from "~/lib/player-time";
import insightStyles from "~/styles/insight.css?url";
import type { RiskFile } from "#shared/answers/console-insight";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightStyles }];

export const handle = { title: "admin:risk.fileTitle" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadAdmin(request, context, "/api/admin/risk/player", { userId: params.id });
}

export async function action({ request, context, params }: ActionFunctionArgs): Promise<Answered<ConsoleAnswer>> {
  const fields = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  return adminAction(
    request,
    context,
    "/api/admin/risk/interact",
    { userId: params.id, kind: fields.kind ?? "", text: fields.text ?? "" },
    t("risk.recorded"),
  );
}

export default function RiskFile() {
  const { player, markers, interactions } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("risk.fileOf", { name: player.username })}</h1>
      <p>
        <Link className="tap-link" to={`/admin/players/${player.id}`}>
          {t("risk.toPlayer")}
        </Link>
      </p>
      <section className="admin-section" aria-labelledby="risk-markers">
        <h2 id="risk-markers">{t("risk.markers")}</h2>
        {markers.length === 0 ? (
          <p className="muted">{t("risk.noMarkers")}</p>
        ) : (
          markers.map((m) => <MarkerWhy key={m.key} marker={m} />)
        )}
      </section>
      <section className="admin-section" aria-labelledby="risk-record">
        <h2 id="risk-record">{t("risk.record")}</h2>
        <ActionError />
        <Form method="post" className="form">
          <label className="field">
            <span>{t("risk.kindLabel")}</span>
            <select name="kind" defaultValue="note">
              {["note", "message", "limit"].map((k) => (
                <option key={k} value={k}>
                  {t(`risk.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t("risk.text")}</span>
            <textarea name="text" rows={3} maxLength={1000} required />
          </label>
          <button className="button small" type="submit">
            {t("risk.save")}
          </button>
        </Form>
      </section>
      <section className="admin-section" aria-labelledby="risk-history">
        <h2 id="risk-history">{t("risk.history")}</h2>
        {interactions.length === 0 ? <p className="muted">{t("risk.noInteraction")}</p> : null}
        <ul className="admin-list">
          {interactions.map((i) => (
            <li key={i.id}>
              <strong>{t(`risk.kind.${i.kind}`)}</strong> · {zonedTime(i.at)} · {i.operator ?? ""}
              <div>{i.text}</div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
