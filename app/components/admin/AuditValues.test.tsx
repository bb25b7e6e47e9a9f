import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/admin.json";
import vi from "../../../locales/vi/admin.json";
import zhCN from "../../../locales/zh-CN/admin.json";
import zhTW from "../../../locales/zh-TW/admin.json";
import { AuditValues } from "./AuditValues";

const CATALOGUES = { en, vi, "zh-CN": zhCN, "zh-TW": zhTW };

/** The audit row's values as the console writes them, in one language: "Label: value" lines. */
async function rendered(lng: keyof typeof CATALOGUES, before: Record<string, unknown>, after: Record<string, unknown>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    ns: ["admin"],
    defaultNS: "admin",
    resources: { [lng]: { admin: CATALOGUES[lng] } },
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <AuditValues before={before} after={after} currency="USD" />
    </I18nextProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/<\/dd>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .trim()
    .split("\n");
}

describe("an audit row's values", () => {
  // a voided round (worker/room/room-do.ts voidRound): the round's database id is a tool's, not a person's
  const before = { round: 50, seqno: 7, status: "open" };
  const after = { round: 50, seqno: 7, status: "void", note: "#technical" };

  it("name a voided round by the number players and the console read (its period), never by its database id", async () => {
    for (const lng of ["en", "vi", "zh-CN", "zh-TW"] as const) {
      const lines = await rendered(lng, before, after);
      const round = CATALOGUES[lng]["audit.fields.seqno"];
      expect(lines, lng).toContain(`${round}:7`);
      expect(lines.join("\n"), lng).not.toMatch(/50|Round id|Mã kỳ|编号|編號/);
    }
  });
});
