import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DateInput } from "~/components/DateInput";

/**
 * The funds ledger's date-range drawer: a bottom sheet opened by the URL (?range=1) holding a GET
 * form (?start=&end=), so it works without JavaScript. The server checks start <= end (1072).
 */
export function DateRangeSheet({
  start,
  end,
  cancelTo,
  error,
}: {
  start: string;
  end: string;
  cancelTo: string;
  error: string | null;
}) {
  const { t } = useTranslation("wallet");
  return (
    <div className="sheet-backdrop">
      <Link to={cancelTo} className="sheet-dismiss" aria-label={t("income.cancel")} preventScrollReset tabIndex={-1} />
      <Form
        method="get"
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="range-title"
        data-testid="range-sheet"
      >
        <div className="sheet-grip" aria-hidden="true" />
        <h2 id="range-title">{t("income.rangeTitle")}</h2>
        <div className="range-fields">
          <label className="field">
            <span className="field-label">{t("income.start")}</span>
            <DateInput name="start" defaultValue={start} required aria-invalid={error ? true : undefined} />
          </label>
          <span className="range-dash" aria-hidden="true">
            ~
          </span>
          <label className="field">
            <span className="field-label">{t("income.end")}</span>
            <DateInput name="end" defaultValue={end} required aria-invalid={error ? true : undefined} />
          </label>
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="hint">{t("income.dayRule")}</p>
        <div className="sheet-buttons">
          <Link className="button secondary" to={cancelTo} preventScrollReset>
            {t("income.cancel")}
          </Link>
          <button className="button" type="submit">
            {t("income.apply")}
          </button>
        </div>
      </Form>
    </div>
  );
}
