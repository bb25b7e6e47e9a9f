import { Hono } from "hono";
import { ok } from "../envelope";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { listNotices, markNoticesRead, unreadNoticeCount } from "../../notices/queries";
import { noticeListForm, noticesReadForm } from "#shared/forms/notices";
import { noticeView } from "../../notices/present";
import type { UnreadCount } from "#shared/answers/account";
import type { NoticePage } from "#shared/answers/notices";

// The player's notices of decisions (/message, docs/decisions/142): the inbox, its unread count, read marks.
export const noticeRoutes = new Hono<AppEnv>();

const PAGE_SIZE = 20;

noticeRoutes.post("/api/game/getnotices", requireUser, async (c) => {
  const { before } = parseBody(noticeListForm, c.get("body"));
  const db = playerDb(c);
  const userId = c.get("user").id;
  const [rows, unread] = await Promise.all([
    listNotices(db, userId, PAGE_SIZE + 1, before),
    unreadNoticeCount(db, userId),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  return ok(c, {
    list: page.map(noticeView),
    unread,
    next: rows.length > PAGE_SIZE ? page[page.length - 1].id : null,
  } satisfies NoticePage);
});

/** The unread count alone: what an open page asks now and then to learn of a new notice. */
noticeRoutes.post("/api/game/getnoticecount", requireUser, async (c) => {
  return ok(c, { unread: await unreadNoticeCount(playerDb(c), c.get("user").id) } satisfies UnreadCount);
});

noticeRoutes.post("/api/game/readnotices", requireUser, async (c) => {
  const { upTo } = parseBody(noticesReadForm, c.get("body"));
  const db = playerDb(c);
  const userId = c.get("user").id;
  await markNoticesRead(db, userId, upTo, Date.now());
  return ok(c, { unread: await unreadNoticeCount(db, userId) } satisfies UnreadCount);
});
