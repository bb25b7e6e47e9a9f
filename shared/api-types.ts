/** The answer envelope of every contract call (docs/architecture.md#the-answer-envelope). */
export type ApiAnswer<T = any> = {
  code: number;
  info: string;
  data: T & { errCode?: number; num?: number | string };
};

/**
 * A refused form as the page shows it: the catalogue code, its localized text, the field it is about,
 * and (when the form was checked before the API was asked) every field's message at once in `fields`.
 */
export type FormError = { code: number; message: string; field: string | null; fields?: Record<string, string> };
