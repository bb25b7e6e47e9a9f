/** The user agreement's article (seeded in group 26; the register form links to it). */
export const AGREEMENT_ARTICLE_ID = 2607;
