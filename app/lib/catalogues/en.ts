// English: every namespace of locales/en in one chunk, which the browser fetches once before hydrating (app/lib/i18n.ts).
export default import.meta.glob<Record<string, string>>("../../../locales/en/*.json", {
  eager: true,
  import: "default",
});
