import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { RecordPage } from "./RecordDialog";

/** The record popup with JavaScript: pages of past rounds fetched on demand and appended. */
export function useRecords(roomId: number) {
  const fetcher = useFetcher<RecordPage>();
  const [shown, setShown] = useState(false);
  const [pages, setPages] = useState<RecordPage[]>([]);

  useEffect(() => {
    const page = fetcher.data;
    if (!page || fetcher.state !== "idle") return;
    setPages((known) => (known.some((p) => p.page === page.page) ? known : [...known, page]));
  }, [fetcher.data, fetcher.state]);

  const last = pages[pages.length - 1];
  return {
    shown,
    open: () => {
      setShown(true);
      setPages([]);
      fetcher.load(`/activity/${roomId}/record?page=1`);
    },
    close: () => setShown(false),
    more: () => fetcher.load(`/activity/${roomId}/record?page=${(last?.page ?? 0) + 1}`),
    view: {
      rounds: pages.flatMap((p) => p.list),
      page: last?.page ?? 1,
      hasMore: last?.hasMore ?? false,
      loading: fetcher.state !== "idle",
      failed: last?.failed ?? null,
    },
  };
}
