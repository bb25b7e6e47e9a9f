import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, totpAt, totpStep } from "./totp";

const ascii = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;

describe("TOTP (RFC 6238 appendix B, SHA-1)", () => {
  const seed = ascii("12345678901234567890");
  const vectors: [number, string][] = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];
  it.each(vectors)("at %i s the 8-digit code is %s", async (seconds, code) => {
    expect(await hotp(seed, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it("reads the seed from base32 the way authenticator apps store it", async () => {
    const secret = base32Encode(seed);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(
      base32Decode(
        secret
          .toLowerCase()
          .match(/.{1,4}/g)!
          .join(" "),
      ),
    ).toEqual(seed);
    expect(await totpAt(secret, 59_000, 8)).toBe("94287082");
    expect(await totpAt(secret, 59_000)).toBe("287082");
  });
});

describe("RFC 4226 appendix D (HOTP)", () => {
  it("gives the published codes for counters 0..9", async () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    const seed = ascii("12345678901234567890");
    expect(await Promise.all(expected.map((_, i) => hotp(seed, i)))).toEqual(expected);
  });
});

describe("totpStep", () => {
  const secret = base32Encode(ascii("12345678901234567890"));
  const now = 1_111_111_111_000;
  it("accepts this step and one step either side, nothing further", async () => {
    for (const drift of [-1, 0, 1])
      expect(await totpStep(secret, await totpAt(secret, now + drift * 30_000), now)).toBe(
        Math.floor(now / 30_000) + drift,
      );
    for (const drift of [-2, 2])
      expect(await totpStep(secret, await totpAt(secret, now + drift * 30_000), now)).toBeNull();
  });
  it("refuses anything that is not six digits", async () => {
    const code = await totpAt(secret, now);
    for (const bad of ["", `${code}0`, code.slice(1), "abcdef", ` ${code}`])
      expect(await totpStep(secret, bad, now)).toBeNull();
  });
});
