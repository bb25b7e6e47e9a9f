import { constantTimeEqual, hmacSha256 } from "./crypto";

// docs/product.md#accounts-and-security: PBKDF2-SHA256, 100,000 iterations (the Workers maximum), 16-byte salt, plus a pepper.
const ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  // The pepper is mixed in first, so a stolen database alone cannot be brute-forced.
  const peppered = await hmacSha256(pepper, password);
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, ITERATIONS);
  return `${SCHEME}$${ITERATIONS}$${b64(salt)}$${b64(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== SCHEME || !salt || !hash) return false;
  const actual = await derive(password, pepper, unb64(salt), Number(iterations));
  return constantTimeEqual(actual, unb64(hash));
}

/** A well-formed hash no password matches: checked for unknown users so they cost the same time. */
export const UNKNOWN_USER_HASH = `${SCHEME}$${ITERATIONS}$${"A".repeat(22)}==$${"A".repeat(43)}=`;
