import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readJson } from "~/lib/read-json";
import type { RecordPage } from "~/lib/game";

/**
 * The record popup with JavaScript: pages of past rounds read on demand (a plain read, app/lib/read-json.ts)
 * and appended. A page that cannot be read says so in the popup (Older rounds asks again, reopening the popup
 * reads the first page again); the room stays as it is. Closing the popup, opening it again or leaving the room
 * cancels a read on its way.
 */
export function useRecords(roomId: number) {
  const { t } = useTranslation("errors");
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const [pages, setPages] = useState<RecordPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const reading = useRef<AbortController | null>(null);
  const cancel = () => {
    reading.current?.abort();
    reading.current = null;
  };
  useEffect(() => cancel, [roomId]);

  const load = async (page: number) => {
    cancel();
    const read = new AbortController();
    reading.current = read;
    setLoading(true);
    setFailed(null);
    const answer = await readJson(`/activity/${roomId}/record?page=${page}`, read.signal);
    if (read.signal.aborted) return;
    reading.current = null;
    setLoading(false);
    if (!answer.ok) {
      if (answer.signIn) navigate(answer.signIn);
      else setFailed(t("1004"));
      return;
    }
    const fresh = answer.data;
    setPages((known) => (known.some((p) => p.page === fresh.page) ? known : [...known, fresh]));
  };

  const last = pages[pages.length - 1];
  return {
    shown,
    open: () => {
      setShown(true);
      setPages([]);
      void load(1);
    },
    close: () => {
      cancel();
      setLoading(false);
      setShown(false);
    },
    // the next page (again, after it could not be read)
    more: () => void load((last?.page ?? 0) + 1),
    view: {
      rounds: pages.flatMap((p) => p.list),
      page: last?.page ?? 1,
      hasMore: last?.hasMore ?? false,
      loading,
      failed: failed ?? last?.failed ?? null,
    },
  };
}
