// The single-use code a new operator enrols with (docs/decisions/060-operator-sign-in.md). Both the
// Worker and the command that makes a deployment's first admin (scripts/operator.mjs) make and hash it,
// so it lives here. Sixteen characters of a 30-letter alphabet (about 78 bits) hashed with SHA-256: the
// hash needs no secret, so the command needs none, and a code that short-lived cannot be searched for.
export const ENROLMENT_TTL_MS = 24 * 60 * 60_000;
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

/** A fresh code in groups of four (ABCD-EFGH-JKMN-PQRS), every letter equally likely. */
export function newEnrolmentCode() {
  const limit = 256 - (256 % ALPHABET.length);
  const out: string[] = [];
  while (out.length < 16) {
    for (const byte of crypto.getRandomValues(new Uint8Array(24))) {
      if (byte < limit && out.length < 16) out.push(ALPHABET[byte % ALPHABET.length]);
    }
  }
  return out.join("").replace(/(.{4})(?!$)/g, "$1-");
}

/** What is stored: the SHA-256 of the code as typed, spaces, dashes and case ignored. */
export async function enrolmentCodeHash(code: string) {
  const canonical = code.toUpperCase().replace(/[\s-]/g, "");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`enrol:${canonical}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
