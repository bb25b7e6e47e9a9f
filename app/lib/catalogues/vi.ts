// Vietnamese: every namespace of locales/vi in one chunk, which the browser fetches once before hydrating (app/lib/i18n.ts).
export default import.meta.glob<Record<string, string>>("../../../locales/vi/*.json", {
  eager: true,
  import: "default",
});
