import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { loadAdmin } from "~/lib/operator.server";
import { PlayerTables } from "~/components/admin/PlayerTables";
import { PlayerProtection } from "~/components/admin/PlayerProtection";
import protectionStyles from "~/styles/protection.css?url";
import { RiskSummary } from "~/components/insight/RiskSummary";
import type { PlayerFile } from "#shared/answers/console-players";
import { AdjustForm } from "./AdjustForm";
import { PlayerActions } from "./PlayerActions";
import { PlayerFacts } from "./PlayerFacts";
import { playerAction } from "./action.server";

export const handle = { title: (file: PlayerFile | undefined) => file?.user.username };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [file, protection, risk] = await Promise.all([
    loadAdmin(request, context, "/api/admin/players/get", { userId: params.id }),
    loadAdmin(request, context, "/api/admin/protection", { userId: params.id }),
    loadAdmin(request, context, "/api/admin/risk/player", { userId: params.id }),
  ]);
  // one key per form shown: submitting it twice (a double tap, a retry) adjusts once
  return { ...file, protection, risk: risk.markers, requestId: `c${crypto.randomUUID().replace(/-/g, "")}` };
}

/** Freeze, unfreeze, adjust, revoke sessions, reset the password (action.server.ts). */
export function action(args: ActionFunctionArgs) {
  return playerAction(args);
}

export default function PlayerPage() {
  const file = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const u = file.user;
  return (
    <main className="admin-main">
      <h1>
        {u.username} {u.frozen ? <span className="badge danger">{t("players.frozen")}</span> : null}
      </h1>
      <ActionError />
      <ConfirmPanel />
      {result?.password ? (
        <p className="notice" role="status">
          {t("player.newPassword", { password: result.password })}
        </p>
      ) : null}
      <PlayerFacts user={u} />
      <p>
        <Link className="tap-link" to={`/admin/audit?player=${encodeURIComponent(u.username)}`}>
          {t("player.auditTrail")}
        </Link>
      </p>
      <PlayerActions frozen={u.frozen} />
      <AdjustForm requestId={file.requestId} typed={result?.typed} />
      <PlayerTables file={file} />
      <PlayerProtection protection={file.protection} />
      <RiskSummary userId={u.id} markers={file.risk} />
    </main>
  );
}
