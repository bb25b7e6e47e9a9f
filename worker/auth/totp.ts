// RFC 6238 TOTP over RFC 4226 HOTP with WebCrypto: HMAC-SHA1, 6 digits, 30 s steps (docs/product.md#operators).
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const TOTP_STEP_MS = 30_000;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Spaces, dashes, padding and case are forgiven (authenticator apps show secrets in groups). */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

export async function hotp(
  key: Uint8Array<ArrayBuffer>,
  counter: number,
  digits = 6,
  hash: "SHA-1" | "SHA-256" | "SHA-512" = "SHA-1",
) {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", k, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export function totpAt(secretBase32: string, nowMs: number, digits = 6) {
  return hotp(base32Decode(secretBase32), Math.floor(nowMs / TOTP_STEP_MS), digits);
}

/**
 * The step whose code this is: this step or one either side (clock drift), else null; compared without an
 * early exit. Callers accept each step once (worker/operators/sign-in.ts keeps the last one accepted).
 */
export async function totpStep(secretBase32: string, code: string, nowMs: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const step = Math.floor(nowMs / TOTP_STEP_MS);
  let matched: number | null = null;
  for (const drift of [-1, 0, 1]) {
    const expected = await hotp(base32Decode(secretBase32), step + drift);
    let diff = 0;
    for (let i = 0; i < 6; i++) diff |= expected.charCodeAt(i) ^ code.charCodeAt(i);
    if (diff === 0) matched = step + drift;
  }
  return matched;
}

/** A fresh 160-bit secret, the size RFC 4226 recommends. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}
