import enAdmin from "../../locales/en/admin.json";
import enCommon from "../../locales/en/common.json";
import viCommon from "../../locales/vi/common.json";
import zhCNCommon from "../../locales/zh-CN/common.json";
import zhTWCommon from "../../locales/zh-TW/common.json";
import viAdmin from "../../locales/vi/admin.json";
import zhCNAdmin from "../../locales/zh-CN/admin.json";
import zhTWAdmin from "../../locales/zh-TW/admin.json";
import enFinance from "../../locales/en/finance.json";
import viFinance from "../../locales/vi/finance.json";
import zhCNFinance from "../../locales/zh-CN/finance.json";
import zhTWFinance from "../../locales/zh-TW/finance.json";
import enGame from "../../locales/en/game.json";
import viGame from "../../locales/vi/game.json";
import zhCNGame from "../../locales/zh-CN/game.json";
import zhTWGame from "../../locales/zh-TW/game.json";
import enWallet from "../../locales/en/wallet.json";
import viWallet from "../../locales/vi/wallet.json";
import zhCNWallet from "../../locales/zh-CN/wallet.json";
import zhTWWallet from "../../locales/zh-TW/wallet.json";
import type { ApiLang } from "#shared/messages";
import { reasonRequestRef } from "#shared/request-ref";
import { interpolate } from "#shared/interpolate";

// The words of the console's CSV files in the operator's language: each kind, status or action is
// written out beside its code, and each ledger reason is rendered from its key and parameters the way
// the player's statement renders it (app/lib/ledger-reason.ts), so a spreadsheet reads in the
// operator's words while a filter can still use the code.

type Words = Record<string, string>;
type Catalogue = {
  admin: Words;
  wallet: { kinds: Words; reasons: Words; adjustmentTexts: Words; voidWhy: Words; voidWhyPreset: string };
  game: { games: Words };
  finance: { tiers: Words };
  common: { presets: Words };
};

const CATALOGUES: Record<ApiLang, Catalogue> = {
  en: { admin: enAdmin, wallet: enWallet, game: enGame, finance: enFinance, common: enCommon },
  chs: { admin: zhCNAdmin, wallet: zhCNWallet, game: zhCNGame, finance: zhCNFinance, common: zhCNCommon },
  cht: { admin: zhTWAdmin, wallet: zhTWWallet, game: zhTWGame, finance: zhTWFinance, common: zhTWCommon },
  vi: { admin: viAdmin, wallet: viWallet, game: viGame, finance: viFinance, common: viCommon },
};

/** Looks a key up in the language, then in English, then gives the fallback (an unknown code stays readable). */
function pick(lang: ApiLang, read: (c: Catalogue) => string | undefined, fallback: string): string {
  return read(CATALOGUES[lang]) ?? read(CATALOGUES.en) ?? fallback;
}

export type CsvWords = ReturnType<typeof csvWords>;

export function csvWords(lang: ApiLang) {
  return {
    /** A ledger row's kind (bet, earn, topup, ...) as the statement names it. */
    ledgerKind: (type: string) => pick(lang, (c) => c.wallet.kinds[type], type),
    /** pending, approved, rejected: as the console's history names them. */
    requestStatus: (status: string) => pick(lang, (c) => c.admin[`history.states.${status}`], status),
    /** The books per day's words: a day's status (closed, refused, open) and its lines (opening, movement, closing). */
    booksWord: (key: string) => pick(lang, (c) => c.admin[`booksDays.${key}`], key),
    /** A rejection's preset reason (shared/request-reasons.ts) as the player reads it. */
    preset: (key: string) => pick(lang, (c) => c.common.presets[key], key),
    /** An audit action (deposit.approve, ...) as the audit log names it. */
    auditAction: (action: string) => pick(lang, (c) => c.admin[`audit.actions.${action}`], action),
    /** A ledger row's reason in the language; a row without a key keeps its stored words. */
    ledgerReason(row: { reason: string; reasonKey: string | null; reasonParams: string | null }): string {
      if (!row.reasonKey) return row.reason;
      let params: Record<string, unknown> = {};
      try {
        params = { ...(JSON.parse(row.reasonParams ?? "{}") as Record<string, unknown>) };
      } catch {
        return row.reason;
      }
      if (typeof params.game === "string") {
        const key = params.game;
        params.game = key ? pick(lang, (c) => c.game.games[key], String(params.title ?? key)) : params.title;
      }
      if (typeof params.product === "string") {
        const key = params.product;
        params.product = pick(lang, (c) => c.finance.tiers[key], key);
      }
      if (row.reasonKey === "adjustment" && typeof params.text === "string") {
        const key = params.text;
        params.text = pick(lang, (c) => c.wallet.adjustmentTexts[key], row.reason);
      }
      // a request's reference, as every screen writes it (rows keep the request's id)
      const ref = reasonRequestRef(row.reasonKey, params);
      if (ref) params.ref = ref;
      // a voided round's refund: why it was voided, with an operator's preset reason beside it
      if (row.reasonKey === "roundVoid" && typeof params.why === "string") {
        const whyKey = params.why;
        const why = pick(lang, (c) => c.wallet.voidWhy[whyKey], whyKey);
        const presetKey = params.preset;
        params.why =
          typeof presetKey === "string"
            ? interpolate(
                pick(lang, (c) => c.wallet.voidWhyPreset, "{{why}}"),
                {
                  why,
                  preset: pick(lang, (c) => c.common.presets[presetKey], presetKey),
                },
              )
            : why;
      }
      // an adjustment with its reference, as the statement words it (app/lib/ledger-reason.ts): "Bonus A1-0002"
      const key = row.reasonKey === "adjustment" && ref ? "adjustmentOf" : row.reasonKey;
      const template = pick(lang, (c) => c.wallet.reasons[key], "");
      return template ? interpolate(template, params) : row.reason;
    },
  };
}
