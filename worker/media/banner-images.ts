import { ProductError } from "#shared/product-error";
import { imageTypeOf } from "./image-type";

// Banner images in R2 (the MEDIA bucket, docs/decisions/141): checked by their bytes, stored under the
// SHA-256 of those bytes, served at /media/<key> with long cache headers (a key's bytes never change).

export const MAX_BANNER_IMAGE_BYTES = 2 * 1024 * 1024;
const BANNER_IMAGE_PIXELS = { minWidth: 320, maxWidth: 4000, minHeight: 100, maxHeight: 4000 } as const;
/** An upload not saved into a banner within this long (a preview left behind) is removed by the next sweep. */
export const UNSAVED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

const MEDIA_PREFIX = "/media/";
const KEY_PATTERN = /^banners\/[A-Za-z0-9_-]{43}\.(png|jpg|webp)$/;
const MIME_OF_EXT = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
const IMMUTABLE = "public, max-age=31536000, immutable";

export type StoredImage = { path: string; width: number; height: number; type: "png" | "jpg" | "webp"; bytes: number };

/** The SHA-256 of the bytes in base64url (43 characters): a key, and nothing a log check takes for a token. */
async function sha256Key(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The R2 key of a /media/ path of ours, or null for any other path (a static image, a link). */
export function mediaKeyOf(path: string): string | null {
  if (!path.startsWith(MEDIA_PREFIX)) return null;
  const key = path.slice(MEDIA_PREFIX.length);
  return KEY_PATTERN.test(key) ? key : null;
}

export const imageTooLarge = () => new ProductError(1187, { num: String(MAX_BANNER_IMAGE_BYTES / 1024 / 1024) });

/**
 * Checks one uploaded file (1186 not a PNG, JPEG or WebP by its bytes; 1187 too large; 1188 pixel size
 * out of range) and stores it. The same bytes uploaded twice are one object.
 */
export async function storeBannerImage(bucket: R2Bucket, file: unknown): Promise<StoredImage> {
  if (!(file instanceof File) || file.size === 0) throw new ProductError(1186);
  if (file.size > MAX_BANNER_IMAGE_BYTES) throw imageTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = imageTypeOf(bytes);
  if (!image) throw new ProductError(1186);
  const p = BANNER_IMAGE_PIXELS;
  if (image.width < p.minWidth || image.width > p.maxWidth || image.height < p.minHeight || image.height > p.maxHeight)
    throw new ProductError(1188);
  const key = `banners/${await sha256Key(bytes)}.${image.ext}`;
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: image.mime, cacheControl: IMMUTABLE },
    customMetadata: { width: String(image.width), height: String(image.height) },
  });
  return { path: MEDIA_PREFIX + key, width: image.width, height: image.height, type: image.ext, bytes: bytes.length };
}

/** 1189 when a banner names one of our images that is not in the bucket (removed since its preview). */
export async function requireStoredImages(bucket: R2Bucket, paths: string[]): Promise<void> {
  for (const path of paths) {
    const key = mediaKeyOf(path);
    if (key && !(await bucket.head(key))) throw new ProductError(1189, { field: path });
  }
}

/**
 * Removes images nothing refers to any more: `released` (the images of a banner just deleted or
 * replaced) at once, and any other upload older than the grace period (a preview never saved).
 * `referenced` is every /media/ path the banners still name. Best effort after the D1 batch: what
 * fails here is found by the next sweep.
 */
export async function removeUnreferencedImages(
  bucket: R2Bucket,
  referenced: Set<string>,
  released: string[],
  nowMs: number,
): Promise<string[]> {
  const keep = new Set([...referenced].map(mediaKeyOf).filter((k): k is string => k !== null));
  const doomed = new Set(released.map(mediaKeyOf).filter((k): k is string => k !== null && !keep.has(k)));
  try {
    const listed = await bucket.list({ prefix: "banners/", limit: 1000 });
    for (const object of listed.objects) {
      if (!keep.has(object.key) && object.uploaded.getTime() < nowMs - UNSAVED_UPLOAD_GRACE_MS) doomed.add(object.key);
    }
    if (doomed.size > 0) await bucket.delete([...doomed]);
    return [...doomed];
  } catch (error) {
    // The banner change is written; the next sweep removes what is left.
    console.error(JSON.stringify({ media: "sweep failed", message: String(error) }));
    return [];
  }
}

/**
 * GET /media/banners/<sha256 base64url>.<ext>: the stored bytes with their type, nosniff and a year of caching
 * (content-addressed keys never change); 304 for a matching If-None-Match; 404 for anything else.
 */
export async function serveMedia(request: Request, bucket: R2Bucket, path: string): Promise<Response> {
  const key = mediaKeyOf(path);
  if (!key || (request.method !== "GET" && request.method !== "HEAD"))
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object)
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  const headers = new Headers({
    "content-type": MIME_OF_EXT[key.slice(key.lastIndexOf(".") + 1) as keyof typeof MIME_OF_EXT],
    "cache-control": IMMUTABLE,
    "x-content-type-options": "nosniff",
    "content-disposition": "inline",
    etag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("content-length", String(object.size));
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}
