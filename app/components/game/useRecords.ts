import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readJson } from "~/lib/read-json";
import type { RecordPage } from "./RecordDialog";

/**
 * The record popup with JavaScript: pages of past rounds read on demand (a plain read, app/lib/read-json.ts)
 * and appended. A page that cannot be read says so in the popup; the room stays as it is.
 */
export function useRecords(roomId: number) {
  const { t } = useTranslation("errors");
  const revalidator = useRevalidator();
  const [shown, setShown] = useState(false);
  const [pages, setPages] = useState<RecordPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // the read of the popup as it is now: closing or opening it again drops an answer still on its way
  const reads = useRef(0);
  useEffect(() => () => void (reads.current += 1), []);

  const load = async (page: number) => {
    const asked = ++reads.current;
    setLoading(true);
    setFailed(null);
    const read = await readJson<RecordPage>(`/activity/${roomId}/record?page=${page}`);
    if (asked !== reads.current) return;
    setLoading(false);
    if (!read.ok) {
      if (read.signedOut) revalidator.revalidate();
      else setFailed(t("1004"));
      return;
    }
    const answer = read.data;
    setPages((known) => (known.some((p) => p.page === answer.page) ? known : [...known, answer]));
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
      reads.current += 1;
      setLoading(false);
      setShown(false);
    },
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
