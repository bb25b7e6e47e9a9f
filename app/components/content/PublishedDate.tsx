import { useTranslation } from "react-i18next";

/**
 * A publication date in the player's language. The product's day runs in UTC+8 (wallet days use it
 * too), so server and browser print the same date whatever the phone's time zone.
 */
export function PublishedDate({ ms }: { ms: number }) {
  const { i18n } = useTranslation();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const text = new Intl.DateTimeFormat(i18n.language || "en", {
    dateStyle: "medium",
    timeZone: "Asia/Shanghai",
  }).format(ms);
  return <time dateTime={new Date(ms).toISOString()}>{text}</time>;
}
