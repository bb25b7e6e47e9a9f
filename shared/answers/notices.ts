// A notice as /api/Game/getnotices answers it (docs/decisions/142): a kind and its parameters, worded
// by the app in the reader's language (app/components/notices/NoticeList.tsx).
export type Notice = {
  id: number;
  kind: string;
  params: Record<string, string | number | null>;
  time: number;
  read: boolean;
};
export type NoticePage = { list: Notice[]; unread: number; next: number | null };
