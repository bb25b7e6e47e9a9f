import { describe, expect, it } from "vitest";
import { htmlToText, safeUrl, sanitizeHtml } from "./sanitize-html";

const ALLOWED: Record<string, string[]> = {
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
  a: ["href", "title", "rel", "target"],
  img: ["src", "alt", "width", "height", "loading", "decoding"],
};

/**
 * The output must be canonical markup: text without angle brackets between tags made only of allowed
 * names and double-quoted allowed attributes, so a browser reads it exactly as this check does.
 */
function expectHarmless(output: string) {
  const canonical = /^(?:[^<>]|<\/[a-z0-9]+>|<[a-z0-9]+(?: [a-z]+="[^"<>]*")*>)*$/;
  expect(output).toMatch(canonical);
  for (const [, closing, name, attrs] of output.matchAll(/<(\/?)([a-z0-9]+)((?: [a-z]+="[^"]*")*)>/g)) {
    expect(Object.keys(ALLOWED), output).toContain(name);
    if (closing) continue;
    for (const [, attr, value] of attrs.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
      expect(ALLOWED[name], output).toContain(attr);
      if (attr !== "href" && attr !== "src") continue;
      const plain = value
        .replaceAll("&quot;", '"')
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
      expect(safeUrl(plain), value).toBe(plain);
      expect(plain.replace(/[\s\u0000-\u001f]/g, "")).not.toMatch(/^(javascript|data|vbscript):/i);
    }
  }
}

describe("sanitizeHtml keeps article markup", () => {
  it("keeps the allowed tags and attributes", () => {
    const html =
      "<h2>Rules</h2><p>Bet <strong>before</strong> the <em>close</em>.<br>Then wait.</p>" +
      "<ul><li>one</li><li><b>two</b> <i>x</i></li></ul><ol><li>a</li></ol><blockquote>q</blockquote><hr>" +
      '<table><thead><tr><th colspan="2">Tier</th></tr></thead><tbody><tr><td rowspan="1">1</td><td>2</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html.replace("<hr>", "<hr>"));
  });

  it("adds rel to links and opens absolute ones in a new tab", () => {
    expect(sanitizeHtml('<a href="/info/2601" title="Rules">rules</a>')).toBe(
      '<a href="/info/2601" title="Rules" rel="noopener noreferrer">rules</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it("keeps images with a safe source, alt and numeric size, lazy-loaded", () => {
    expect(sanitizeHtml('<img src="/banners/a.svg" alt="A &amp; B" width="750" height="300" class="x">')).toBe(
      '<img src="/banners/a.svg" alt="A &amp; B" width="750" height="300" loading="lazy" decoding="async">',
    );
    expect(sanitizeHtml('<img src="/a.png" width="100%" height="9e9">')).toBe(
      '<img src="/a.png" loading="lazy" decoding="async">',
    );
  });

  it("keeps text and character references, escapes stray markup characters", () => {
    expect(sanitizeHtml("Profit &amp; loss: 3 < 5 > 1 &copy; &#169; & more")).toBe(
      "Profit &amp; loss: 3 &lt; 5 &gt; 1 &copy; &#169; &amp; more",
    );
    expect(sanitizeHtml("a <3 b")).toBe("a &lt;3 b");
  });

  it("unwraps unknown tags and drops unknown attributes", () => {
    expect(sanitizeHtml('<div class="x" id="y"><span style="color:red">hi</span> <font>there</font></div>')).toBe(
      "hi there",
    );
    expect(sanitizeHtml('<p class="lead" data-x="1" style="x">t</p>')).toBe("<p>t</p>");
  });

  it("closes what was left open and ignores stray closing tags", () => {
    expect(sanitizeHtml("<p><strong>bold")).toBe("<p><strong>bold</strong></p>");
    expect(sanitizeHtml("</p>text</li></strong>")).toBe("text");
    expect(sanitizeHtml("<ul><li>a<li>b</ul>after")).toBe("<ul><li>a<li>b</li></li></ul>after");
  });
});

describe("sanitizeHtml removes every way to run script", () => {
  const hostile: Array<[string, string]> = [
    ["script element", "<p>hi</p><script>alert(1)</script><p>bye</p>"],
    ["script in upper case with attributes", '<SCRIPT type="text/javascript" SRC="//evil.example/x.js"></SCRIPT>'],
    ["script with a slash", "<script/src=//evil.example></script>"],
    ["script content that looks like markup", "<script>document.write('<p>x</p>')</script>ok"],
    ["unclosed script", "<p>a</p><script>alert(1)"],
    ["img onerror", '<img src=x onerror="alert(1)">'],
    ["img onerror unquoted and mixed case", "<IMG SRC=/x OnErRoR=alert(1)>"],
    ["event handler after a slash", '<img/src="/x"/onerror=alert(1)>'],
    ["javascript href", '<a href="javascript:alert(1)">x</a>'],
    ["mixed-case javascript href", '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ["javascript href with leading spaces and controls", '<a href=" \u0001 javascript:alert(1)">x</a>'],
    ["javascript href split by a tab and a newline", '<a href="java\tscr\nipt:alert(1)">x</a>'],
    [
      "javascript href in decimal entities",
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    ],
    [
      "javascript href in hex entities without semicolons",
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
    ],
    ["javascript href with padded entities", '<a href="&#0000106;avascript:alert(1)">x</a>'],
    ["javascript href with &colon;", '<a href="javascript&colon;alert(1)">x</a>'],
    ["javascript href with &Tab;", '<a href="java&Tab;script:alert(1)">x</a>'],
    ["javascript href with an unknown entity", '<a href="javas&unknown;cript:alert(1)">x</a>'],
    ["data url image", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ["data url link in mixed case", '<a href="DaTa:text/html,<script>alert(1)</script>">x</a>'],
    ["vbscript url", '<a href="vbscript:msgbox(1)">x</a>'],
    ["svg onload", '<svg onload="alert(1)"><circle r="1"/></svg>after'],
    ["svg with a script inside", "<svg><script>alert(1)</script></svg>"],
    ["self-closing svg followed by img", "<svg/><img src=x onerror=alert(1)>"],
    ["math with a link", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["object and embed", '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
    [
      "style element and attribute",
      '<style>body{background:url(javascript:alert(1))}</style><p style="x:expression(alert(1))">t</p>',
    ],
    ["comment hiding a script", "<!-- <script>alert(1)</script> -->ok"],
    ["comment that ends early", "<!--><img src=x onerror=alert(1)>-->"],
    ["conditional comment", "<!--[if IE]><script>alert(1)</script><![endif]-->ok"],
    ["bang-comment ending", "<!-- x --!><img src=x onerror=alert(1)>"],
    ["cdata", "<![CDATA[<script>alert(1)</script>]]>"],
    ["processing instruction", "<?xml version='1.0'?><p>t</p>"],
    ["unclosed quote swallowing the rest", '<a href="/x>click</a><img src=x onerror=alert(1)>'],
    ["unclosed tag at the end", "<p>text</p><img src=x onerror=alert(1)"],
    ["nested tag name", "<scr<script>ipt>alert(1)</script>"],
    ["title raw text", "<title><img src=x onerror=alert(1)></title>"],
    ["textarea raw text", "<textarea></textarea><img src=x onerror=alert(1)></textarea>"],
    ["noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>'],
    ["form and input", '<form action="javascript:alert(1)"><input onfocus=alert(1) autofocus></form>'],
    [
      "base and meta refresh",
      '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ],
    ["link stylesheet", '<link rel="stylesheet" href="javascript:alert(1)">'],
    ["attribute breaking out with quotes", "<img src='/x\" onerror=\"alert(1)'>"],
    ["angle brackets in alt", '<img src="/x" alt="<script>alert(1)</script>">'],
    ["null bytes", '<scr\u0000ipt>alert(1)</script><a href="java\u0000script:alert(1)">x</a>'],
    ["plaintext", "<plaintext><script>alert(1)</script>"],
    ["template", "<template><img src=x onerror=alert(1)></template>"],
  ];

  for (const [name, html] of hostile) {
    it(name, () => {
      const output = sanitizeHtml(html);
      expectHarmless(output);
      // A second pass changes nothing: the output is already in its canonical form.
      expect(sanitizeHtml(output)).toBe(output);
    });
  }

  it("keeps the readable text around hostile parts", () => {
    expect(sanitizeHtml("<p>hi</p><script>alert(1)</script><p>bye</p>")).toBe("<p>hi</p><p>bye</p>");
    expect(sanitizeHtml("<!-- <script>alert(1)</script> -->ok")).toBe("ok");
    expect(sanitizeHtml('<svg onload="alert(1)"><circle r="1"/></svg>after')).toBe("after");
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<img src=x onerror="alert(1)">')).toBe('<img src="x" loading="lazy" decoding="async">');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
  });

  it("survives random mixes of hostile fragments", () => {
    const parts = [
      "<",
      ">",
      "/",
      '"',
      "'",
      "=",
      " ",
      "<script>",
      "</script>",
      "<img",
      " src=x",
      " onerror=alert(1)",
      "<a",
      ' href="javascript:alert(1)"',
      " href=/ok",
      "<svg>",
      "</svg>",
      "<!--",
      "-->",
      "&#106;",
      "&colon;",
      "<p>",
      "</p>",
      "<style>",
      "</style>",
      "<b>",
      "text",
      "<![CDATA[",
      "]]>",
      "<math>",
      "<textarea>",
      "</textarea>",
      "\t",
      "\n",
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2000; round++) {
      const length = 1 + Math.floor(random() * 25);
      const html = Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join("");
      const output = sanitizeHtml(html);
      expectHarmless(output);
      expect(sanitizeHtml(output), html).toBe(output);
    }
  });

  it("cuts oversized input instead of working on it without end", () => {
    const output = sanitizeHtml("<p>" + "a".repeat(300_000));
    expect(output.length).toBeLessThan(200_100);
  });
});

describe("safeUrl", () => {
  it("accepts http(s) and relative URLs", () => {
    for (const url of [
      "https://a.example/x?y=1",
      "HTTP://a.example",
      "/info/9",
      "info/9",
      "#top",
      "?page=2",
      "//cdn.example/x.png",
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it("refuses other schemes however they are written", () => {
    for (const url of [
      "javascript:x",
      " JAVASCRIPT:x",
      "java\nscript:x",
      "&#x6a;avascript:x",
      "data:text/html,x",
      "vbscript:x",
      "file:///etc/passwd",
      "mailto:a@b",
      "",
    ]) {
      expect(safeUrl(url), url).toBeNull();
    }
  });
});

describe("htmlToText", () => {
  it("gives readable plain text for summaries", () => {
    expect(htmlToText("<h2>Title</h2><p>One &amp; two</p><script>x</script><ul><li>three</li></ul>")).toBe(
      "One & two three",
    );
  });

  it("cuts long text with an ellipsis", () => {
    const text = htmlToText(`<p>${"word ".repeat(100)}</p>`, 20);
    expect(text.length).toBeLessThanOrEqual(20);
    expect(text.endsWith("…")).toBe(true);
  });
});
