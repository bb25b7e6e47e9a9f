import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PLAYER_ZONE } from "~/lib/player-time";
import { DateInput } from "~/components/DateInput";
import { ID_RANGE, adjustmentRef, requestRef } from "#shared/request-ref";

export type HistoryKind = "deposits" | "withdrawals" | "adjustments";
export type HistoryFilterValues = {
  status: string;
  player: string;
  from: string;
  to: string;
  min: string;
  max: string;
};

/**
 * A reference of the kind listed, shown in the empty field as what it takes besides a name: in the field, never
 * broken over two lines as it was at the end of the label.
 */
const REFERENCE_EXAMPLE: Record<HistoryKind, string> = {
  deposits: requestRef("deposit", ID_RANGE + 323),
  withdrawals: requestRef("withdrawal", ID_RANGE + 323),
  adjustments: adjustmentRef("alone", ID_RANGE + 161),
};

const STATUSES: Record<HistoryKind, string[]> = {
  deposits: ["decided", "approved", "rejected", "pending", "all"],
  withdrawals: ["decided", "approved", "rejected", "pending", "all"],
  adjustments: ["all", "done", "pending", "approved", "rejected", "cancelled"],
};

function statusLabel(t: (key: string) => string, status: string) {
  if (status === "decided") return t("history.statusDecided");
  if (status === "all") return t("history.statusAll");
  return t(`history.states.${status}`);
}

/** A field of the filter with its error under it (the API's refusal, in the operator's language). */
function FilterField({
  name,
  label,
  error,
  wide,
  kind,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  /** a line of its own: its words are long */
  wide?: boolean;
  /** what the field holds, for its width (app/styles/admin.css .history-filters) */
  kind?: "player" | "date";
  children: React.ReactNode;
}) {
  return (
    <label
      className={`field${wide ? " field-wide" : ""}${kind ? ` field-${kind}` : ""}${error ? " field-invalid" : ""}`}
    >
      <span className="field-label">{label}</span>
      {children}
      {error ? (
        <span className="field-error" id={`${name}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** The tabs and the filter of the history: status, player, days, amounts; a GET form, so it works without JavaScript. */
export function HistoryFilters({
  kind,
  values,
  errors,
}: {
  kind: HistoryKind;
  values: HistoryFilterValues;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("admin");
  const input = (name: keyof HistoryFilterValues, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      name={name}
      defaultValue={values[name]}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${name}-error` : undefined}
      {...extra}
    />
  );
  return (
    <>
      <nav className="admin-tabs" aria-label={t("history.tabs")}>
        {(["deposits", "withdrawals", "adjustments"] as const).map((k) => (
          <Link
            key={k}
            to={`?kind=${k}`}
            aria-current={k === kind ? "page" : undefined}
            className={k === kind ? "active" : undefined}
          >
            {t(`history.${k}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="admin-search history-filters">
        <input type="hidden" name="kind" value={kind} />
        <FilterField name="status" label={t("history.status")} error={errors.status} wide>
          <select name="status" defaultValue={values.status}>
            {STATUSES[kind].map((s) => (
              <option key={s} value={s}>
                {statusLabel(t, s)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField name="player" label={t("history.player")} error={errors.player} kind="player">
          {input("player", { maxLength: 64, autoComplete: "off", placeholder: REFERENCE_EXAMPLE[kind] })}
        </FilterField>
        <FilterField
          name="from"
          label={t(kind === "adjustments" ? "history.timeFrom" : "history.from")}
          error={errors.from}
          kind="date"
        >
          <DateInput
            name="from"
            defaultValue={values.from}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? "from-error" : undefined}
          />
        </FilterField>
        <FilterField
          name="to"
          label={t(kind === "adjustments" ? "history.timeTo" : "history.to")}
          error={errors.to}
          kind="date"
        >
          <DateInput
            name="to"
            defaultValue={values.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? "to-error" : undefined}
          />
        </FilterField>
        <FilterField name="min" label={t("history.min")} error={errors.min}>
          {input("min", { inputMode: "decimal", autoComplete: "off" })}
        </FilterField>
        <FilterField name="max" label={t("history.max")} error={errors.max}>
          {input("max", { inputMode: "decimal", autoComplete: "off" })}
        </FilterField>
        <button className="button small" type="submit">
          {t("history.filter")}
        </button>
        <Link to={`?kind=${kind}`}>{t("history.clear")}</Link>
        <p className="hint">{t("history.dayHint", { zone: PLAYER_ZONE })}</p>
      </Form>
    </>
  );
}
