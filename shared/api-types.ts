/**
 * What a refusal's `data` carries: its catalogue code, the number its message names, and the extras a
 * refusal adds (2056: the support link to pay through instead; 1189: the banner field whose image is missing).
 */
export type Refusal = { errCode?: number; num?: number | string; kefu_url?: string; field?: string };

/**
 * The answer envelope of every contract call (docs/architecture.md#the-answer-envelope): `data` is the
 * call's answer (shared/answers/) when code is 1, a refusal's extras otherwise.
 */
export type ApiAnswer<T = any> = {
  code: number;
  info: string;
  data: T extends object ? T & Refusal : T | Refusal;
};

/**
 * A refused form as the page shows it: the catalogue code, its localized text, the field it is about,
 * and (when the form was checked before the API was asked) every field's message at once in `fields`.
 */
export type FormError = { code: number; message: string; field: string | null; fields?: Record<string, string> };
