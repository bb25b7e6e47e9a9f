// Simplified Chinese: every namespace of locales/zh-CN in one chunk, which the browser fetches once before hydrating (app/lib/i18n.ts).
export default import.meta.glob<Record<string, string>>("../../../locales/zh-CN/*.json", {
  eager: true,
  import: "default",
});
