/** The answer envelope of every contract call (DESIGN.md 3). */
export type ApiAnswer<T = any> = {
  code: number;
  info: string;
  data: T & { errCode?: number; num?: number | string };
};
