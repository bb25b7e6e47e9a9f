// The language a flow's browser reads pages in, set as the app keeps it.

/** Remix keeps the language in the `lng` cookie as base64 JSON. */
export const languageCookie = (base, lng) => ({ name: "lng", value: encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64")), url: base });
