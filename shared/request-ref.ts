// A deposit's or a withdrawal's one public reference: what the player's notices, funds ledger and lists and the
// console all write, and what the console's search finds (docs/decisions/173); an adjustment's too (decision 195). Never the internal id itself,
// whose 13 digits (a shard's id range, worker/db/id-ranges.ts) nobody can read out over the phone.
//
// The reference is the kind's letter, the shard of the id's range, a dash and the id within that range in
// Crockford's base 32 (digits and letters without I, L, O, U), at least four characters: D0-0001, W2-00ZK.
// It is read back case-insensitively, with O read as 0 and I or L as 1, as Crockford's alphabet intends.

/** The width of one shard's id range (docs/decisions/161): a thousand billion ids a table. */
export const ID_RANGE = 1_000_000_000_000;

export type RequestKind = "deposit" | "withdrawal";

const LETTER: Record<RequestKind, string> = { deposit: "D", withdrawal: "W" };
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function base32(n: number): string {
  let out = "";
  do {
    out = ALPHABET[n % 32] + out;
    n = Math.floor(n / 32);
  } while (n > 0);
  return out.padStart(4, "0");
}

/** The reference of a request, from its kind and id. */
export function requestRef(kind: RequestKind, id: number): string {
  return `${LETTER[kind]}${Math.floor(id / ID_RANGE)}-${base32(id % ID_RANGE)}`;
}

/** How an adjustment was made: by one operator alone (solo_adjustments) or queued for a second (adjustment_requests). */
export type AdjustmentMade = "alone" | "queued";

/**
 * An operator's credit or debit's one public reference (docs/decisions/195): A, the shard of the id's range, a dash
 * and, in the same base 32, twice the id within that range, plus one for a queued one: the two tables hand out
 * ids of their own, so one made alone and one queued never share a reference. A1-0002 is shard 1's first made
 * alone, A1-0003 its first queued.
 */
export function adjustmentRef(made: AdjustmentMade, id: number): string {
  return `A${Math.floor(id / ID_RANGE)}-${base32((id % ID_RANGE) * 2 + (made === "queued" ? 1 : 0))}`;
}

const SHAPE = /^([DWA])(\d{1,3})-([0-9A-Z]{1,8})$/;

/** A reference's letter, shard and number within the shard's range, or null when the text is not one. */
function readRef(text: string): { letter: string; shard: number; within: number } | null {
  const match = SHAPE.exec(text.trim().toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1"));
  if (!match) return null;
  let within = 0;
  for (const c of match[3]) {
    const digit = ALPHABET.indexOf(c);
    if (digit < 0) return null;
    within = within * 32 + digit;
  }
  return { letter: match[1], shard: Number(match[2]), within };
}

/** The request a reference names, or null when the text is not one (spaces around it and case do not matter). */
export function parseRequestRef(text: string): { kind: RequestKind; id: number } | null {
  const ref = readRef(text);
  if (!ref || ref.letter === "A" || ref.within === 0 || ref.within >= ID_RANGE) return null;
  return { kind: ref.letter === "D" ? "deposit" : "withdrawal", id: ref.shard * ID_RANGE + ref.within };
}

/** The adjustment an A reference names (adjustmentRef read back), or null when the text is not one. */
export function parseAdjustmentRef(text: string): { made: AdjustmentMade; id: number } | null {
  const ref = readRef(text);
  const within = ref ? Math.floor(ref.within / 2) : 0;
  if (!ref || ref.letter !== "A" || within === 0 || within >= ID_RANGE) return null;
  return { made: ref.within % 2 === 1 ? "queued" : "alone", id: ref.shard * ID_RANGE + within };
}

/**
 * The reference a funds-ledger reason names, from its key and stored parameters (rows keep the request's id:
 * worker/ledger/reasons.ts), or null when the reason names no request. The player's statement
 * (app/lib/ledger-reason.ts) and the console's CSV words (worker/insight/csv-words.ts) both write it from here.
 */
export function reasonRequestRef(reasonKey: string, params: Record<string, unknown>): string | null {
  // an adjustment's row names it by how it was made and its id (worker/wallet/present.ts adjustmentOf)
  if (reasonKey === "adjustment")
    return (params.made === "alone" || params.made === "queued") && typeof params.adjustmentId === "number"
      ? adjustmentRef(params.made, params.adjustmentId)
      : null;
  const kind: RequestKind | null =
    reasonKey === "deposit" ? "deposit" : reasonKey.startsWith("withdrawal") ? "withdrawal" : null;
  return kind && typeof params.id === "number" ? requestRef(kind, params.id) : null;
}
