// The language a flow's browser reads pages in, set as the app keeps it.

/** Remix keeps the language in the `lng` cookie as base64 JSON: the cookie's value. */
const languageValue = (lng) => encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"));

/** The `lng` cookie for the browser context of a flow served at `base`. */
export const languageCookie = (base, lng) => ({ name: "lng", value: languageValue(lng), url: base });
