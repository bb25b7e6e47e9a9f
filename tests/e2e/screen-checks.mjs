// What the crawl (tests/e2e/crawl.e2e.mjs) reads on every screen in one evaluate, inside the page, with no extra
// load: the visible text, the tap targets under 44 x 44 px, the account numbers it marks (the long numbers a player
// reads are found in the text by scripts/lib/screen-numbers.mjs), words cut short with an ellipsis, count badges
// out of their words' line, a date or time broken over two lines, and whether a screen that shows a date or a time
// names the product's zone.

/** The smallest tap target, both sides, in CSS px (WCAG 2.5.5's target size, Apple's and Android's 44/48). */
export const MIN_TARGET = 44;

/** The product's zone as every screen writes it (shared/days.ts PLAYER_ZONE); the same in every language. */
export const ZONE = "UTC+8";

/**
 * Runs inside the page (page.evaluate(readScreen, { minTarget })): plain browser code, nothing imported.
 * Returns the body's visible text, the small targets (tag and classes, an example of name and size), the account
 * numbers marked as the player's, and the text of the visible <time> elements.
 */
export function readScreen({ minTarget }) {
  const text = document.body.innerText;
  const visible = (el) => {
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none" && !el.closest("[hidden], [aria-hidden=true]");
  };
  const named = (el) =>
    (
      el.getAttribute("aria-label") ||
      el.textContent ||
      el.getAttribute("name") ||
      el.getAttribute("type") ||
      el.tagName
    )
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
  // a link inside a sentence is words, not a target (WCAG's inline exception); an article's own text is sentences
  const inSentence = (el) =>
    el.matches("a") &&
    (el.closest(".article-body") ||
      (getComputedStyle(el).display === "inline" &&
        (el.parentElement?.textContent ?? "").trim().length > (el.textContent ?? "").trim().length + 1));
  const small = [];
  for (const el of document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link]",
  )) {
    if (!visible(el) || inSentence(el)) continue;
    // a box or a radio is tapped through its label, a visually hidden one too
    const label = el.matches("input[type=checkbox], input[type=radio]")
      ? (el.closest("label") ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null))
      : null;
    const box = (label ?? el).getBoundingClientRect();
    if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5)
      small.push({
        what: `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`,
        example: `"${named(el)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      });
  }
  // words cut short with "…": a line that ends in an ellipsis hides what the player was told
  const cut = [...document.querySelectorAll("body *")]
    .filter(
      (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow === "ellipsis" && visible(el),
    )
    .map((el) => `${el.className || el.tagName.toLowerCase()} "${named(el)}"`);
  // a count badge sits on its words' line (the tab bar's, beside the icon's corner, is placed on purpose)
  const badges = [...document.querySelectorAll(".count-badge:not(.tab-badge)")].filter(visible).flatMap((badge) => {
    const words = document.createRange();
    const owner = badge.parentElement;
    const texts = [...owner.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (texts.length === 0) return [];
    words.setStartBefore(texts[0]);
    words.setEndAfter(texts.at(-1));
    const line = words.getBoundingClientRect();
    const box = badge.getBoundingClientRect();
    const middle = (box.top + box.bottom) / 2;
    return middle < line.top || middle > line.bottom ? [`"${named(owner)}" badge below its words`] : [];
  });
  // the account numbers the screen marks as the player's to read (scripts/lib/screen-numbers.mjs reads the rest)
  const accounts = [...document.querySelectorAll("[data-account-number]")].map((el) => el.textContent.trim());
  // the <time> the shared formatter writes (app/components/PlayerTime.tsx); the dates in the words are read from the
  // text by scripts/lib/screen-dates.mjs
  const shown = [...document.querySelectorAll("time")].filter(visible);
  const times = shown.map((el) => el.textContent.trim());
  // a date and its time are one piece on one line: an inline box on two lines has a rectangle for each
  const brokenTimes = shown.filter((el) => el.getClientRects().length > 1).map((el) => `"${named(el)}"`);
  return { text, small, cut, badges, accounts, times, brokenTimes };
}
