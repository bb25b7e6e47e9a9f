import { describe, expect, it } from "vitest";
import { noteText, playerNoteText } from "./request-notes";
import en from "../../locales/en/common.json";
import vi from "../../locales/vi/common.json";
import zhCN from "../../locales/zh-CN/common.json";
import zhTW from "../../locales/zh-TW/common.json";
import { REJECT_PRESETS, VOID_PRESETS } from "./request-notes";

const t = (presets: Record<string, string>) => (key: string) => presets[key.replace("common:presets.", "")] ?? key;

describe("noteText", () => {
  it("reads a preset in the reader's language, with the operator's words after it", () => {
    expect(noteText(t(en.presets), "#noPayment checked twice")).toBe("No payment received · checked twice");
    expect(noteText(t(zhCN.presets), "#noPayment")).toBe("未收到付款");
    expect(noteText(t(en.presets), "#wrongOdds typed 9.18")).toBe("Wrong odds · typed 9.18");
  });

  it("leaves free text and unknown presets as written", () => {
    expect(noteText(t(en.presets), "Called the bank")).toBe("Called the bank");
    expect(noteText(t(en.presets), "#madeUp hello")).toBe("#madeUp hello");
    expect(noteText(t(en.presets), null)).toBe("");
  });

  it("gives the player the preset alone: typed words and old free-text notes read as the generic reason", () => {
    expect(playerNoteText(t(en.presets), "#noPayment checked twice")).toBe("No payment received");
    expect(playerNoteText(t(vi.presets), "#accountMismatch tên sai")).toBe(vi.presets.accountMismatch);
    for (const presets of [en.presets, vi.presets, zhCN.presets, zhTW.presets]) {
      expect(playerNoteText(t(presets), "Called the bank")).toBe(presets.other);
      expect(playerNoteText(t(presets), "#madeUp hello")).toBe(presets.other);
      expect(playerNoteText(t(presets), "#wrongOdds typed 9.18")).toBe(presets.other);
    }
    expect(playerNoteText(t(en.presets), null)).toBe("");
  });

  it("has every preset in all four languages", () => {
    for (const presets of [en.presets, vi.presets, zhCN.presets, zhTW.presets]) {
      for (const key of [...REJECT_PRESETS, ...VOID_PRESETS])
        expect(presets[key as keyof typeof presets], key).toBeTruthy();
    }
  });
});
