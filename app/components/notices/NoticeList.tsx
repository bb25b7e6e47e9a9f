import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/EmptyState";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import type { NoticePage } from "#shared/answers/notices";
import { useAppConfig } from "~/lib/root-data";
import { noticeWords } from "./notice-words";

/** The player's inbox: newest first, the ones unread when the page opened marked as new. */
export function NoticeList({ page }: { page: NoticePage }) {
  const { t } = useTranslation(["notices", "common"]);
  const { currency } = useAppConfig();
  if (page.list.length === 0) return <EmptyState text={t("notices:inbox.empty")} />;
  return (
    <>
      <ZoneNote />
      <ul className="notice-list" data-testid="notices">
        {page.list.map((notice) => {
          const words = noticeWords(t, notice, currency);
          return (
            <li key={notice.id} className={notice.read ? "notice" : "notice unread"}>
              <div className="notice-head">
                <strong>{words.title}</strong>
                {notice.read ? null : <span className="notice-new">{t("notices:inbox.new")}</span>}
              </div>
              <p>{words.body}</p>
              <span className="meta">
                <PlayerTime ms={notice.time} />
              </span>
            </li>
          );
        })}
      </ul>
      {page.next ? (
        <p className="pager">
          <Link to={`/message?tab=inbox&before=${page.next}`}>{t("notices:inbox.more")}</Link>
        </p>
      ) : null}
    </>
  );
}
