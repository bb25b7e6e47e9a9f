/**
 * An allow-list HTML sanitizer for article content, written for workerd (no DOM) and the browser alike.
 *
 * Safety does not rest on parsing exactly like a browser: the output is rebuilt from scratch out of
 * allowed tags and attributes only, every text is escaped, every attribute is double-quoted and escaped,
 * every element is closed, and URLs are checked after decoding character references the way a browser
 * would. Parsing follows the HTML tokenizer closely so that legitimate content survives.
 */

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  em: [],
  b: [],
  i: [],
  blockquote: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
};

const VOID_ELEMENTS = new Set(["br", "hr", "img"]);

/** Elements that go away together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "template",
  "noscript",
  "textarea",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "select",
  "frameset",
  "frame",
  "head",
  "plaintext",
]);

/** Elements a browser reads as raw text up to their closing tag: markup inside them is not markup. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]);

/** Longer input is cut: an article is a few kilobytes; this bounds the work per request. */
export const MAX_ARTICLE_HTML = 200_000;
const MAX_NESTING = 40;

type Tag = { closing: boolean; name: string; attrs: Array<[string, string]>; selfClosing: boolean; end: number };

const isLetter = (c: string | undefined) => c !== undefined && /[A-Za-z]/.test(c);
const isSpace = (c: string | undefined) => c === " " || c === "\n" || c === "\t" || c === "\f";
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Reads a tag whose name starts at `i`; null when the input ends inside it (browsers drop such a tag). */
function readTag(html: string, i: number, closing: boolean): Tag | null {
  let j = i;
  while (j < html.length && !isSpace(html[j]) && html[j] !== "/" && html[j] !== ">") j++;
  const tag: Tag = { closing, name: asciiLower(html.slice(i, j)), attrs: [], selfClosing: false, end: 0 };
  for (;;) {
    while (isSpace(html[j])) j++;
    if (j >= html.length) return null;
    if (html[j] === ">") {
      tag.end = j + 1;
      return tag;
    }
    if (html[j] === "/") {
      j++;
      if (html[j] === ">") tag.selfClosing = true;
      continue;
    }
    const nameStart = j;
    j++; // the first character belongs to the name even when it is "="
    while (j < html.length && !isSpace(html[j]) && !"/>=".includes(html[j])) j++;
    const name = asciiLower(html.slice(nameStart, j));
    let k = j;
    while (isSpace(html[k])) k++;
    let value = "";
    if (html[k] === "=") {
      k++;
      while (isSpace(html[k])) k++;
      const quote = html[k];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, k + 1);
        if (close === -1) return null;
        value = html.slice(k + 1, close);
        j = close + 1;
      } else {
        let e = k;
        while (e < html.length && !isSpace(html[e]) && html[e] !== ">") e++;
        if (e >= html.length) return null;
        value = html.slice(k, e);
        j = e;
      }
    }
    if (!tag.attrs.some(([n]) => n === name)) tag.attrs.push([name, value]);
  }
}

/** Where a comment ends, following the tokenizer's rules (`<!-->`, `<!--->`, `-->`, `--!>`). */
function commentEnd(html: string, lt: number): number {
  const start = lt + 4;
  if (html.startsWith(">", start)) return start + 1;
  if (html.startsWith("->", start)) return start + 2;
  const close = /--!?>/g;
  close.lastIndex = start;
  const found = close.exec(html);
  return found ? found.index + found[0].length : html.length;
}

/** Past the closing tag of a raw-text element, or the end of the input. */
function rawTextEnd(html: string, from: number, name: string): number {
  const close = new RegExp(`</${name}(?=[\\t\\n\\f />])`, "gi");
  close.lastIndex = from;
  const found = close.exec(html);
  if (!found) return html.length;
  const gt = html.indexOf(">", found.index);
  return gt === -1 ? html.length : gt + 1;
}

const CHARACTER_REFERENCE = /^&(?:#\d{1,7}|#[xX][\dA-Fa-f]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/;

/** Escapes markup; a well-formed character reference is kept as it is (it can only ever be text). */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c, offset: number) => {
    if (c === "<") return "&lt;";
    if (c === ">") return "&gt;";
    return CHARACTER_REFERENCE.test(text.slice(offset, offset + 40)) ? "&" : "&amp;";
  });
}

const escapeAttributeText = (value: string) => escapeText(value).replaceAll('"', "&quot;");

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

// Named references that can change how a URL reads; any other "&name;" makes the URL unreadable to us.
const URL_NAMED_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  Tab: "\t",
  NewLine: "\n",
  sol: "/",
  bsol: "\\",
  period: ".",
  lpar: "(",
  rpar: ")",
  num: "#",
  quest: "?",
  equals: "=",
  plus: "+",
  percnt: "%",
  excl: "!",
  commat: "@",
  semi: ";",
  comma: ",",
  lowbar: "_",
  dollar: "$",
  ast: "*",
};

/** Decodes character references as a browser does in an attribute; null when one is not understood. */
function decodeAttributeValue(value: string): string | null {
  let unknown = false;
  const decoded = value.replace(
    /&#([xX][\dA-Fa-f]+|\d+);?|&([A-Za-z][A-Za-z\d]*);/g,
    (_all, numeric?: string, named?: string) => {
      if (numeric !== undefined) {
        const code = /^[xX]/.test(numeric) ? parseInt(numeric.slice(1), 16) : parseInt(numeric, 10);
        const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
        return valid ? String.fromCodePoint(code) : "\ufffd";
      }
      const char = URL_NAMED_REFERENCES[named!];
      if (char === undefined) unknown = true;
      return char ?? "";
    },
  );
  return unknown ? null : decoded;
}

/** http(s) or relative URLs only; javascript:, data:, vbscript: and every other scheme are refused. */
export function safeUrl(raw: string): string | null {
  const decoded = decodeAttributeValue(raw);
  if (decoded === null) return null;
  // Browsers drop tabs and newlines anywhere in a URL and trim control characters and spaces.
  const url = decoded.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (url === "" || /[\u0000-\u001f\u007f-\u009f]/.test(url)) return null;
  const scheme = /^([A-Za-z][A-Za-z\d+.-]*):/.exec(url);
  if (scheme && !/^https?$/i.test(scheme[1])) return null;
  return url;
}

function cleanAttribute(name: string, value: string): string | null {
  if (name === "href" || name === "src") return safeUrl(value);
  if (name === "width" || name === "height") return /^\s*\d{1,4}\s*$/.test(value) ? value.trim() : null;
  if (name === "colspan" || name === "rowspan") return /^\s*[1-9]\d?\s*$/.test(value) ? value.trim() : null;
  return value;
}

function openingTag(tag: Tag): string | null {
  const allowed = ALLOWED_ATTRIBUTES[tag.name];
  const parts = [tag.name];
  const kept: Record<string, string> = {};
  for (const [name, value] of tag.attrs) {
    if (!allowed.includes(name)) continue;
    const clean = cleanAttribute(name, value);
    if (clean === null) continue;
    kept[name] = clean;
    const isUrl = name === "href" || name === "src";
    parts.push(`${name}="${isUrl ? escapeAttribute(clean) : escapeAttributeText(clean)}"`);
  }
  if (tag.name === "img") {
    if (!kept.src) return null;
    parts.push('loading="lazy" decoding="async"');
  }
  if (tag.name === "a" && kept.href) {
    parts.push('rel="noopener noreferrer"');
    if (/^https?:/i.test(kept.href)) parts.push('target="_blank"');
  }
  return `<${parts.join(" ")}>`;
}

/** Sanitizes stored article HTML into markup that cannot run script. */
export function sanitizeHtml(input: string): string {
  const html = String(input ?? "")
    .slice(0, MAX_ARTICLE_HTML)
    .replace(/\r\n?/g, "\n")
    .replaceAll("\u0000", "");
  const out: string[] = [];
  const open: string[] = [];
  let skipping: { name: string; depth: number } | null = null;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > i && !skipping) out.push(escapeText(html.slice(i, textEnd)));
    if (lt === -1) break;
    const next = html[lt + 1];
    if (html.startsWith("<!--", lt)) {
      i = commentEnd(html, lt);
      continue;
    }
    const closing = next === "/";
    const nameAt = closing ? lt + 2 : lt + 1;
    if (!isLetter(html[nameAt])) {
      if (next === "!" || next === "?" || (closing && nameAt < html.length)) {
        // Doctype, CDATA, processing instruction, "</ x>": bogus comments up to the next ">".
        const gt = html.indexOf(">", lt);
        i = gt === -1 ? html.length : gt + 1;
      } else {
        if (!skipping) out.push(closing ? "&lt;/" : "&lt;");
        i = closing ? lt + 2 : lt + 1;
      }
      continue;
    }
    const tag = readTag(html, nameAt, closing);
    if (!tag) break;
    i = tag.end;
    if (skipping) {
      if (tag.name === skipping.name) skipping.depth += tag.closing ? -1 : tag.selfClosing ? 0 : 1;
      if (skipping.depth === 0) skipping = null;
      continue;
    }
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at !== -1)
        out.push(
          ...open
            .splice(at)
            .reverse()
            .map((name) => `</${name}>`),
        );
      continue;
    }
    if (tag.name === "plaintext") break;
    if (RAW_TEXT.has(tag.name)) {
      i = rawTextEnd(html, i, tag.name);
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (!tag.selfClosing) skipping = { name: tag.name, depth: 1 };
      continue;
    }
    if (!(tag.name in ALLOWED_ATTRIBUTES) || open.length >= MAX_NESTING) continue;
    const opening = openingTag(tag);
    if (!opening) continue;
    out.push(opening);
    if (!VOID_ELEMENTS.has(tag.name)) open.push(tag.name);
  }
  out.push(...open.reverse().map((name) => `</${name}>`));
  return out.join("");
}

const TEXT_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  middot: "·",
  laquo: "«",
  raquo: "»",
  ldquo: "\u201c",
  rdquo: "\u201d",
  lsquo: "\u2018",
  rsquo: "\u2019",
};

/** Plain text of article HTML for summaries (headings left out), whitespace collapsed, cut at `max` characters. */
export function htmlToText(html: string, max = 140): string {
  const text = sanitizeHtml(html)
    .replace(/<(h[2-4])>[\s\S]*?<\/\1>/g, " ")
    .replace(/<\/?(p|br|li|tr|td|th|blockquote|hr)\b[^>]*>/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);|&#[xX]([\dA-Fa-f]+);|&([A-Za-z]+);/g, (all, dec?: string, hex?: string, named?: string) => {
      if (dec || hex) {
        const code = dec ? parseInt(dec, 10) : parseInt(hex!, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return TEXT_REFERENCES[named!] ?? all;
    })
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
