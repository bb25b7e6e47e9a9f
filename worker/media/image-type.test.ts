import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imageTypeOf } from "./image-type";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));

describe("imageTypeOf", () => {
  it("reads PNG, JPEG and WebP with their pixel size from the bytes", () => {
    expect(imageTypeOf(fixture("banner-en.png"))).toEqual({ mime: "image/png", ext: "png", width: 750, height: 300 });
    expect(imageTypeOf(fixture("banner-zh.jpg"))).toEqual({ mime: "image/jpeg", ext: "jpg", width: 750, height: 300 });
    expect(imageTypeOf(fixture("banner-vi.webp"))).toEqual({
      mime: "image/webp",
      ext: "webp",
      width: 750,
      height: 300,
    });
  });

  it("reads lossless and extended WebP headers", () => {
    // VP8L: 14-bit width-1 and height-1 after the 0x2f signature byte
    const vp8l = new Uint8Array(30);
    vp8l.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8L"), 0);
    vp8l[20] = 0x2f;
    const bits = (640 - 1) | ((200 - 1) << 14);
    vp8l.set([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff], 21);
    expect(imageTypeOf(vp8l)).toMatchObject({ ext: "webp", width: 640, height: 200 });
    const vp8x = new Uint8Array(30);
    vp8x.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8X"), 0);
    vp8x.set([(1200 - 1) & 0xff, (1200 - 1) >> 8, 0, (400 - 1) & 0xff, (400 - 1) >> 8, 0], 24);
    expect(imageTypeOf(vp8x)).toMatchObject({ ext: "webp", width: 1200, height: 400 });
  });

  it("refuses what only claims to be an image: other formats, text, SVG, a truncated header", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(imageTypeOf(text("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(imageTypeOf(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(imageTypeOf(text("<html><body>not a png</body></html>"))).toBeNull();
    expect(imageTypeOf(fixture("banner-en.png").slice(0, 20))).toBeNull();
    expect(imageTypeOf(fixture("banner-zh.jpg").slice(0, 12))).toBeNull();
    expect(imageTypeOf(new Uint8Array(0))).toBeNull();
    // a PNG signature whose header says 0 x 0
    const zero = fixture("banner-tiny.png").slice(0, 33);
    zero.fill(0, 16, 24);
    expect(imageTypeOf(zero)).toBeNull();
  });
});
