import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

/**
 * The one date field (a day of the product's UTC+8 calendar, YYYY-MM-DD): its picker is told the reader's language
 * (`lang`), so a browser that draws its picker by the element's language draws it in the page's.
 */
export function DateInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "lang">) {
  const { i18n } = useTranslation();
  return <input {...props} type="date" lang={i18n.language} />;
}
