import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { redirectWithToast } from "~/lib/flash.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, loadAdmin } from "~/lib/operator.server";
import { playerTime } from "~/lib/player-time";
import { PlayerTables, type PlayerFile } from "~/components/admin/PlayerTables";
import { PlayerProtection, type OperatorProtection } from "~/components/admin/PlayerProtection";
import protectionStyles from "~/styles/protection.css?url";
import { RiskSummary } from "~/components/insight/RiskSummary";
import type { Marker } from "~/components/insight/MarkerWhy";

export const handle = { title: (file: PlayerFile | undefined) => file?.user.username };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [file, protection, risk] = await Promise.all([
    loadAdmin<PlayerFile>(request, context, "/api/admin/players/get", { userId: params.id }),
    loadAdmin<OperatorProtection>(request, context, "/api/admin/protection", { userId: params.id }),
    loadAdmin<{ markers: Marker[] }>(request, context, "/api/admin/risk/player", { userId: params.id }),
  ]);
  // one key per form shown: submitting it twice (a double tap, a retry) adjusts once
  return { ...file, protection, risk: risk.markers, requestId: `c${crypto.randomUUID().replace(/-/g, "")}` };
}

/** Freeze, unfreeze, adjust, revoke sessions, reset the password: each one /api/admin call, audited there. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  const userId = params.id;
  switch (fields.intent) {
    case "freeze":
      return adminAction(request, context, "/api/admin/players/freeze", { userId }, t("player.frozenDone"));
    case "unfreeze":
      return adminAction(request, context, "/api/admin/players/unfreeze", { userId }, t("player.unfrozenDone"));
    case "revoke":
      return adminAction(request, context, "/api/admin/players/revoke-sessions", { userId }, t("player.revokeDone"));
    case "adjust": {
      const body = { userId, money: fields.money ?? "", reason: fields.reason ?? "", request_id: fields.request_id };
      const answer = await callAdmin(request, context, "/api/admin/adjust", body);
      if (answer.code !== 1) return data({ error: answer.info, password: null }, { status: 400 });
      return redirectWithToast(context, new URL(request.url).pathname, answer.data.status === "pending" ? t("player.adjustPending") : t("player.adjustDone"));
    }
    case "reset": {
      const answer = await callAdmin(request, context, "/api/admin/players/reset-password", { userId });
      if (answer.code !== 1) return data({ error: answer.info, password: null }, { status: 400 });
      return { error: null, password: answer.data.password as string };
    }
  }
  return data({ error: t("errors:1001"), password: null }, { status: 400 });
}

function IntentButton({ intent, label, secondary }: { intent: string; label: string; secondary?: boolean }) {
  return (
    <Form method="post">
      <button className={`button small${secondary ? " secondary" : ""}`} type="submit" name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
}

export default function PlayerPage() {
  const file = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { password?: string | null } | undefined;
  const { t } = useTranslation("admin");
  const u = file.user;
  return (
    <main className="admin-main">
      <h1>
        {u.username} {u.frozen ? <span className="badge danger">{t("players.frozen")}</span> : null}
      </h1>
      <ActionError />
      {result?.password ? (
        <p className="notice" role="status">
          {t("player.newPassword", { password: result.password })}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{t("player.balance")}</dt>
        <dd data-testid="player-balance">{u.money.toFixed(2)}</dd>
        <dt>{t("player.turnover")}</dt>
        <dd>{u.turnover.toFixed(2)}</dd>
        <dt>{t("players.level", { level: u.level })}</dt>
        <dd>{u.role}</dd>
        <dt>{t("player.phone")}</dt>
        <dd>{u.phone ? `${u.quhao} ${u.phone}` : "—"}</dd>
        <dt>{t("player.joined")}</dt>
        <dd>{playerTime(u.createdAt)}</dd>
      </dl>
      <div className="admin-actions">
        {u.frozen ? <IntentButton intent="unfreeze" label={t("player.unfreeze")} /> : <IntentButton intent="freeze" label={t("player.freeze")} secondary />}
        <IntentButton intent="revoke" label={t("player.revoke")} secondary />
        <IntentButton intent="reset" label={t("player.resetPassword")} secondary />
      </div>
      <section className="admin-section">
        <h2>{t("player.adjust")}</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="request_id" value={file.requestId} />
          <label className="field">
            <span className="field-label">{t("player.amount")}</span>
            <input name="money" inputMode="decimal" required />
          </label>
          <label className="field">
            <span className="field-label">{t("player.reason")}</span>
            <input name="reason" required maxLength={200} />
          </label>
          <button className="button" type="submit">
            {t("player.adjustSubmit")}
          </button>
        </Form>
      </section>
      <PlayerTables file={file} />
      <PlayerProtection protection={file.protection} />
      <RiskSummary userId={u.id} markers={file.risk} />
    </main>
  );
}
