import { HTML_LANG, type ContentLanguage } from "./types";

/**
 * Article HTML as the server sent it: sanitized once when it was written, or as it came in from an
 * upstream in proxy mode (docs/decisions/101). No sanitizer ships to the browser.
 */
export function ArticleBody({ html, language }: { html: string; language?: ContentLanguage }) {
  return (
    <div
      className="article-body"
      lang={language ? HTML_LANG[language] : undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
