/** One text in the four languages of the product (the seed writes them to the legacy columns). */
export type Localized = { en: string; chs: string; cht: string; vi: string };

/** A seed article: fixed id (group x 100 + n) so that seeding twice changes nothing. */
export type SeedArticle = { id: number; group: 9 | 14 | 26; sort: number; title: Localized; content: Localized };

/** A seed banner: one image per language and the article it opens. */
export type SeedBanner = { id: number; name: string; link: string; sort: number };
