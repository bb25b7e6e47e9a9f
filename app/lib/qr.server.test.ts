import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrModules, qrSvg } from "./qr.server";

// Decodes what we draw with an independent reader: the code an authenticator app scans says what we meant.
function decode(modules: boolean[][]) {
  const scale = 4;
  const size = modules.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const v = modules[Math.floor(y / scale)][Math.floor(x / scale)] ? 0 : 255;
      pixels.set([v, v, v, 255], (y * size + x) * 4);
    }
  }
  return jsQR(pixels, size, size)?.data;
}

describe("enrolment QR code", () => {
  it("decodes to the otpauth link it was made from", () => {
    const link =
      "otpauth://totp/Roundtable%3Aadmin?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Roundtable&algorithm=SHA1&digits=6&period=30";
    expect(decode(qrModules(link))).toBe(link);
  });

  it("is an SVG with no outside reference", () => {
    const svg = qrSvg("otpauth://totp/x?secret=ABC");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org)/);
  });
});
