// What an uploaded banner image is, read from its own bytes (docs/decisions/141): the file's name and the
// type the browser claims are never trusted. Pure: no I/O.

export type ImageType = {
  mime: "image/png" | "image/jpeg" | "image/webp";
  ext: "png" | "jpg" | "webp";
  width: number;
  height: number;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

function png(b: Uint8Array): ImageType | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v) || !ascii(b, 12, "IHDR")) return null;
  return { mime: "image/png", ext: "png", width: u32be(b, 16), height: u32be(b, 20) };
}

/** The first start-of-frame segment (SOF0..SOF15 but DHT C4, JPG C8 and DAC CC) holds the size. */
function jpeg(b: Uint8Array): ImageType | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: "image/jpeg", ext: "jpg", width: u16be(b, at + 7), height: u16be(b, at + 5) };
    }
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** RIFF....WEBP, then a lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk. */
function webp(b: Uint8Array): ImageType | null {
  if (b.length < 30 || !ascii(b, 0, "RIFF") || !ascii(b, 8, "WEBP")) return null;
  const out = (width: number, height: number): ImageType => ({ mime: "image/webp", ext: "webp", width, height });
  if (ascii(b, 12, "VP8 ") && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return out(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (ascii(b, 12, "VP8L") && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return out((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, "VP8X")) return out(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
}

/** PNG, JPEG or WebP with its pixel size, or null for anything else (or a header too broken to read). */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const found = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return found && found.width > 0 && found.height > 0 ? found : null;
}
