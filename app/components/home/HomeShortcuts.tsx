import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Screens a tile does not open (docs/product.md#screens): every room of every tab, the trend page, fairness, the app page. */
const SHORTCUTS = [
  { to: "/room_list/1", key: "rooms", mark: "▦" },
  { to: "/lotteryprize", key: "trend", mark: "↗" },
  { to: "/fairness", key: "fairness", mark: "✓" },
  { to: "/my_update", key: "app", mark: "⤓" },
] as const;

export function HomeShortcuts() {
  const { t } = useTranslation("content");
  return (
    <nav className="shortcuts" aria-label={t("shortcuts.label")}>
      {SHORTCUTS.map((s) => (
        <Link key={s.key} to={s.to} className="shortcut" data-shortcut={s.key}>
          <span className="shortcut-mark" aria-hidden="true">
            {s.mark}
          </span>
          {t(`shortcuts.${s.key}`)}
        </Link>
      ))}
    </nav>
  );
}
