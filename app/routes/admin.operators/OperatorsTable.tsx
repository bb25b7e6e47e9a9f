import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/admin/TableScroll";
import { PLAYER_ZONE, playerTime } from "~/lib/player-time";
import type { Operator } from "#shared/answers/console-operators";
import { OperatorActions } from "./OperatorActions";

/** Every operator with role, state and last sign-in; the actions on anyone but oneself. */
export function OperatorsTable({
  list,
  myId,
  waiting,
}: {
  list: Operator[];
  myId: Operator["id"];
  waiting: Set<Operator["id"]>;
}) {
  const { t } = useTranslation("admin");
  return (
    <TableScroll label={t("operators.title")}>
      <table className="admin-table cards">
        <thead>
          <tr>
            <th scope="col">{t("operators.username")}</th>
            <th scope="col">{t("operators.role")}</th>
            <th scope="col">{t("operators.state")}</th>
            <th scope="col">{t("operators.lastSignIn", { zone: PLAYER_ZONE })}</th>
            <th scope="col">{t("operators.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((op) => (
            <tr key={op.id}>
              <th scope="row">
                <Link to={`/admin/audit?target=${encodeURIComponent(`user:${op.id}`)}`}>{op.username}</Link>
                {/* the brackets are the language's own: full-width in Chinese */}
                {op.id === myId ? <span className="muted">{t("operators.you")}</span> : null}
              </th>
              <td data-label={t("operators.role")}>{op.role ? t(`roles.${op.role}`) : t("operators.noRole")}</td>
              <td data-label={t("operators.state")}>
                <div className="cell">
                  {op.disabled ? t("operators.disabled") : t("operators.active")}
                  <br />
                  <span className="muted">{op.enrolled ? t("operators.enrolled") : t("operators.notEnrolled")}</span>
                </div>
              </td>
              <td data-label={t("operators.lastSignIn", { zone: PLAYER_ZONE })}>
                {op.lastSignInMs ? playerTime(op.lastSignInMs) : t("operators.never")}
              </td>
              {/* the actions speak for themselves: on a phone's card a column name above them says nothing */}
              {op.id === myId ? (
                <td data-label={t("operators.actions")}>
                  <span className="muted">{t("operators.notYourself")}</span>
                </td>
              ) : (
                <td className="row-actions">
                  <OperatorActions op={op} waiting={waiting.has(op.id)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
