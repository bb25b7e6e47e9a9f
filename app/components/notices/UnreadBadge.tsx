import { useTranslation } from "react-i18next";

/** More than this shows as "99+": the badge keeps one size however many notices wait. */
const UNREAD_SHOWN_MAX = 99;

/**
 * The count of unread notices on a link (the tab bar's My, the My page's Messages, the inbox tab). The
 * red dot shows at most "99+" and is hidden from screen readers; the link's accessible name gets the
 * whole count in words instead ("My 120 unread notices"), in the reader's language.
 */
export function UnreadBadge({ count, testId, className }: { count: number; testId: string; className?: string }) {
  const { t } = useTranslation("notices");
  if (count <= 0) return null;
  return (
    <>
      <span className={className ? `count-badge ${className}` : "count-badge"} aria-hidden="true" data-testid={testId}>
        {count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : count}
      </span>
      <span className="visually-hidden"> {t("inbox.badge", { count })}</span>
    </>
  );
}
