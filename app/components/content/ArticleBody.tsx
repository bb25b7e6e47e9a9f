import { useMemo } from "react";
import { sanitizeHtml } from "../../../worker/content/sanitize-html";
import { HTML_LANG, type ContentLanguage } from "./types";

/**
 * Stored article HTML, sanitized once more right before it is rendered: whatever the API (or an
 * upstream backend in proxy mode) sent, no script, event handler or script URL reaches the page.
 */
export function ArticleBody({ html, language }: { html: string; language?: ContentLanguage }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="article-body" lang={language ? HTML_LANG[language] : undefined} dangerouslySetInnerHTML={{ __html: safe }} />;
}
