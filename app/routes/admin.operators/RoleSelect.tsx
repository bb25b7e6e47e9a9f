import { useTranslation } from "react-i18next";
import { OPERATOR_ROLES } from "#shared/operators/roles";

/** `quiet`: the row's Role cell already names it on screen, so the label is for screen readers only. */
export function RoleSelect({ current, quiet = false }: { current?: string | null; quiet?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <label className="field">
      <span className={quiet ? "field-label visually-hidden" : "field-label"}>{t("operators.role")}</span>
      <select name="role" defaultValue={current ?? "viewer"}>
        {OPERATOR_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
