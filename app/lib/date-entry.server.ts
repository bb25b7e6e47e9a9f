import { enteredDayOrText } from "#shared/date-entry";
import { i18nServer } from "./i18n.server";

/**
 * How a page reads the days its date fields sent (app/components/DateInput.tsx): typed the reader's way, read in
 * the reader's language as YYYY-MM-DD; a text that is no day goes on as typed, for the check behind it to refuse
 * in the reader's words; an empty field is "".
 */
export async function dayReader(request: Request): Promise<(text: string | null | undefined) => string> {
  const lng = await i18nServer.getLocale(request);
  return (text) => enteredDayOrText(text, lng) ?? "";
}
