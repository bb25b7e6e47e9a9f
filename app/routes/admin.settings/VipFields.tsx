import { useTranslation } from "react-i18next";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { useTypedBack } from "./use-typed-back";
import { vipLevelName } from "#shared/names";

/** The turnover each VIP level starts at; level 1 starts at nothing and is not edited. */
export function VipFields({ thresholds }: { thresholds: number[] }) {
  const { t } = useTranslation("admin");
  const error = useFieldError()("vip");
  const back = useTypedBack();
  return (
    <section className="admin-card settings-group" aria-labelledby="settings-4">
      <h2 id="settings-4">{t("settings.vip")}</h2>
      <p className="muted">{t("settings.vipHint")}</p>
      <FieldError message={error} name="vip" />
      <div className="vip-grid">
        {thresholds.map((v, i) => (
          <label key={i} className="field">
            <span className="field-label">{vipLevelName(t, i + 1)}</span>
            <input
              name="vip"
              inputMode="decimal"
              defaultValue={back("vip", v.toFixed(2), i)}
              readOnly={i === 0}
              {...invalidProps(error, "vip")}
            />
          </label>
        ))}
      </div>
    </section>
  );
}
