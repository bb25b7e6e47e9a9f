import { useTranslation } from "react-i18next";
import { formatDecimal } from "~/lib/number-format";
import { zonedTime } from "~/lib/player-time";
import { noteText } from "~/lib/request-notes";

// An audit row's recorded values in words: each field by its name in the operator's language, money with
// its currency, states and roles in words, "before → after" where both sides hold it. A field this
// screen has no words for stays in the folded raw record below, never shown as a bare key.

type Values = Record<string, unknown>;
type Translate = (key: string, values?: Record<string, unknown>) => string;

const MONEY = new Set([
  "balance",
  "amount",
  "credited",
  "money",
  "openMax",
  "minjoin",
  "minbuy",
  "min",
  "max",
  "upTo",
  "withdraw_daily_cap",
  "vip_thresholds",
  "refunded",
]);
const FLAGS = new Set(["frozen", "disabled", "trading", "waitsForSecondOperator", "waitsForSecondAdmin", "restarted"]);
const WORDS: Record<string, (v: string, t: Translate) => string> = {
  status: (v, t) => t(`audit.values.status.${v}`),
  verdict: (v, t) => t(`audit.values.status.${v}`),
  role: (v, t) => t(`roles.${v}`),
  method: (v, t) => t(`audit.values.method.${v}`),
  waitsBecause: (v, t) => t(`audit.values.waits.${v}`),
  deposit_mode: (v, t) => t(v === "contact" ? "settings.modeContact" : "settings.modeRequest"),
  text: (v, t) => t(`wallet:adjustmentTexts.${v}`),
  reason: (v, t) => noteText(t, v),
  note: (v, t) => noteText(t, v),
};
const PLAIN = new Set([
  "username",
  "email",
  "title",
  "title_ft",
  "title_yw",
  "title_vi",
  // a round by its period, as players and the round board read it; its database id ("round") stays in the raw record
  "seqno",
  "request",
  "reference",
  "askedBy",
  "days",
  "rate",
  "yearRate",
  "roundSeconds",
  "closeSeconds",
  "minLevel",
  "from",
  "to",
  "payoutRef",
  "kefu_url",
  "android_url",
  "ios_url",
  "currency_label",
  "invitations",
  "odds",
  "sort",
  "img",
  "link",
  "lang",
]);
const SHAPED = new Set(["payees", "coin_payouts"]);
const TIMES = new Set(["createtime", "time"]);
/** Long bodies (an article's HTML) are summarised: their words, cut short. */
const BODIES = new Set(["content", "content_ft", "content_yw", "content_vi"]);

export const hasWords = (key: string) =>
  SHAPED.has(key) ||
  MONEY.has(key) ||
  FLAGS.has(key) ||
  key in WORDS ||
  PLAIN.has(key) ||
  TIMES.has(key) ||
  BODIES.has(key);

function show(key: string, value: unknown, t: Translate, currency: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (key === "payees" && Array.isArray(value))
    return value.map((p: Record<string, string>) => [p.name, p.holder, p.account].join(" · ")).join("; ");
  if (key === "coin_payouts" && typeof value === "object")
    return (
      Object.entries(value as Record<string, { rate: string; fee: string }>)
        .map(([coin, p]) => t("audit.values.coinPayout", { coin, rate: p.rate, fee: p.fee, currency }))
        .join("; ") || "—"
    );
  if (Array.isArray(value)) return value.map((v) => show(key, v, t, currency)).join(", ");
  if (MONEY.has(key) && typeof value === "number") return `${formatDecimal(value, 2, 2)} ${currency}`;
  if (FLAGS.has(key)) return t(value ? "audit.values.yes" : "audit.values.no");
  if (key in WORDS) return WORDS[key](String(value), t);
  if (TIMES.has(key) && typeof value === "number") return zonedTime(value);
  if (BODIES.has(key)) {
    const words = String(value)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    return words.length > 80 ? `${words.slice(0, 80)}…` : words;
  }
  return String(value);
}

/** The fields of one audit row, before → after, in words; the fields without words are left to the raw record. */
export function AuditValues({ before, after, currency }: { before: Values; after: Values; currency: string }) {
  const { t } = useTranslation(["admin", "wallet", "common"]);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(hasWords);
  if (keys.length === 0) return null;
  return (
    <dl className="audit-values">
      {keys.map((key) => {
        const was = key in before ? show(key, before[key], t, currency) : null;
        const now = key in after ? show(key, after[key], t, currency) : null;
        return (
          <div key={key}>
            <dt>{`${t(`audit.fields.${key}`)}:`}</dt>
            <dd>{was !== null && now !== null && was !== now ? `${was} → ${now}` : (now ?? was)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
