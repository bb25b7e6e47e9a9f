import { useRef, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { formatEnteredDay, parseEnteredDay } from "#shared/date-entry";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "lang" | "defaultValue" | "value"> & {
  name: string;
  /** a YYYY-MM-DD day (or what was typed, shown again as it was) */
  defaultValue?: string;
};

/**
 * The one date field (a day of the product's UTC+8 calendar): a text field that shows and takes the day the
 * reader's way (shared/date-entry.ts: 2026-12-07, 2026/12/07, 07/12/2026) under its format's name, and a button
 * that opens the device's own calendar, whose pick is written back the reader's way. The form sends what was
 * typed; the page that reads it turns it into YYYY-MM-DD (app/lib/date-entry.server.ts). The device's picker is
 * drawn in the device's language whatever the page says, so it is the help, not the field
 * (docs/decisions/185-date-fields-in-the-readers-way.md).
 */
export function DateInput({ defaultValue = "", ...props }: Props) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const typed = useRef<HTMLInputElement>(null);
  const calendar = useRef<HTMLInputElement>(null);
  const format = t("dateEntry.format");
  const openCalendar = () => {
    const native = calendar.current;
    if (!native || !typed.current) return;
    native.value = parseEnteredDay(typed.current.value, lng) ?? "";
    native.hidden = false;
    try {
      native.showPicker();
    } catch {
      // a browser without showPicker: the calendar's own field takes the focus, and its keyboard opens it
      native.focus();
    }
  };
  return (
    <span className="date-entry">
      <input
        {...props}
        ref={typed}
        type="text"
        lang={lng}
        autoComplete="off"
        spellCheck={false}
        placeholder={format}
        title={t("dateEntry.hint", { format })}
        defaultValue={formatEnteredDay(defaultValue, lng)}
      />
      <button type="button" className="date-entry-open" aria-label={t("dateEntry.open")} onClick={openCalendar}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9Zm0-4H5v2h14V6Z"
          />
        </svg>
      </button>
      {/* the device's calendar: no name (the text field is what the form sends), hidden until the button opens it */}
      <input
        ref={calendar}
        type="date"
        className="date-entry-calendar"
        lang={lng}
        tabIndex={-1}
        aria-hidden="true"
        hidden
        onChange={(e) => {
          const day = e.currentTarget.value;
          if (day && typed.current) typed.current.value = formatEnteredDay(day, lng);
        }}
        onBlur={(e) => {
          e.currentTarget.hidden = true;
        }}
      />
    </span>
  );
}
