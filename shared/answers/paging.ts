/** A page of a list: keyset cursors (next, prev) where the list pages by them (worker/db/paging.ts). */
export type Paged<T> = { list: T[]; page: number; hasMore: boolean; next?: string | null; prev?: string | null };
