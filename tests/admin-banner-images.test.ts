import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, operatorLogin, registerPlayer, type Answer } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import {
  MAX_BANNER_IMAGE_BYTES,
  UNSAVED_UPLOAD_GRACE_MS,
  mediaKeyOf,
  removeUnreferencedImages,
} from "../worker/media/banner-images";

// Banner images uploaded from the console into R2 (docs/decisions/141): checked by their bytes, stored
// content-addressed, served with their type, nosniff and a year of caching; unreferenced ones removed.

let variant = 0;
/** A PNG header (signature + IHDR) of the given size, then distinct filler: enough for the byte check. */
function png(width: number, height: number, filler = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33 + filler);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  new DataView(bytes.buffer).setUint32(33, ++variant + (Date.now() % 1_000_000));
  return bytes;
}

/** A baseline JPEG's first segments: SOI, APP0, SOF0 with the size. */
function jpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, ++variant & 0xff, 0xff, 0xd9]);
}

async function upload(
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  name = "banner.png",
  type = "image/png",
): Promise<Answer> {
  const form = new FormData();
  form.set("token", token);
  form.set("lang", "en");
  form.set("image", new File([bytes], name, { type }));
  const response = await exports.default.fetch("https://app.test/api/admin/banners/upload", {
    method: "POST",
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

const objectCount = async () => (await env.MEDIA.list({ prefix: "banners/" })).objects.length;
const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://app.test${path}`, { headers });

describe("banner image upload", () => {
  it("stores a PNG under the SHA-256 of its bytes and serves it with its type, nosniff and long caching", async () => {
    const token = await operatorLogin();
    const bytes = png(750, 300);
    const answer = await upload(token, bytes);
    expectOk(answer);
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(answer.data).toEqual({
      path: `/media/banners/${digest}.png`,
      width: 750,
      height: 300,
      type: "png",
      bytes: bytes.length,
    });
    const again = await upload(token, bytes, "other-name.webp", "image/webp");
    expect(again.data.path).toBe(answer.data.path);

    const served = await get(answer.data.path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    const etag = served.headers.get("etag")!;
    const revalidated = await get(answer.data.path, { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    await revalidated.arrayBuffer();

    const jpg = await upload(token, jpeg(1200, 480), "x.png", "image/png");
    expectOk(jpg);
    expect(jpg.data.path).toMatch(/\.jpg$/);
    const servedJpg = await get(jpg.data.path);
    expect(servedJpg.headers.get("content-type")).toBe("image/jpeg");
    await servedJpg.arrayBuffer();
  });

  it("refuses what is not a PNG, JPEG or WebP by its bytes, too large or out of the pixel range, and stores nothing", async () => {
    const token = await operatorLogin();
    const before = await objectCount();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ) as Uint8Array<ArrayBuffer>;
    expectError(await upload(token, svg, "banner.png", "image/png"), 1186);
    expectError(await upload(token, new TextEncoder().encode("GIF89a....") as Uint8Array<ArrayBuffer>), 1186);
    expectError(await upload(token, new Uint8Array(0)), 1186);
    const big = png(750, 300, MAX_BANNER_IMAGE_BYTES);
    const tooLarge = await upload(token, big);
    expectError(tooLarge, 1187);
    expect(tooLarge.info).toContain("2 MB");
    expectError(await upload(token, png(40, 20)), 1188);
    expectError(await upload(token, png(5000, 300)), 1188);
    expectError(await upload(token, jpeg(750, 50)), 1188);
    // no file at all, and a JSON body on the upload path
    const form = new FormData();
    form.set("token", token);
    const none = await exports.default.fetch("https://app.test/api/admin/banners/upload", {
      method: "POST",
      body: form,
    });
    expectError((await none.json()) as Answer, 1186);
    expect(await objectCount()).toBe(before);
  });

  it("takes an upload from a manager only: a viewer is refused, a player never reaches it", async () => {
    const viewer = await secondOperator(true, "viewer");
    expectError(await upload(await viewer.signIn(), png(750, 300)), 1174);
    const player = await registerPlayer();
    const answer = await upload(player.token, png(750, 300));
    expect(answer.code).not.toBe(1);
  });

  it("serves only content-addressed keys: any other /media path is 404", async () => {
    for (const path of [
      "/media/",
      "/media/banners/../secret",
      "/media/banners/abc.png",
      `/media/banners/${"a".repeat(43)}.svg`,
      `/media/banners/${"a".repeat(43)}.png`,
      `/media/banners/${"a".repeat(64)}.png`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("banners with uploaded images", () => {
  it("saves a banner naming its uploads (audited); a path whose image is not stored is refused (1189) and nothing is written", async () => {
    const token = await operatorLogin();
    const zh = (await upload(token, png(750, 300))).data.path;
    const en = (await upload(token, png(750, 300))).data.path;
    const saved = await api("/api/admin/banners/save", { token, path: zh, path_yw: en, link: "/info/1", sort: "3" });
    expectOk(saved);
    const [audit] = await auditRows("banner.create", `banner:${saved.data.id}`);
    expect(JSON.parse(audit.after!)).toMatchObject({ path: zh, pathYw: en });

    const banners = await count("banners");
    const audits = await count("audit_log");
    const missing = `/media/banners/${"b".repeat(43)}.png`;
    const refused = await api("/api/admin/banners/save", { token, path: zh, path_vi: missing });
    expectError(refused, 1189);
    expect(refused.data.field).toBe(missing);
    expect(await count("banners")).toBe(banners);
    expect(await count("audit_log")).toBe(audits);
  });

  it("replacing or deleting removes the images no banner names any more, and keeps those another banner shares", async () => {
    const token = await operatorLogin();
    const shared = (await upload(token, png(750, 300))).data.path;
    const own = (await upload(token, png(750, 300))).data.path;
    const next = (await upload(token, png(750, 300))).data.path;
    const first = await api("/api/admin/banners/save", { token, path: shared, path_yw: own });
    const second = await api("/api/admin/banners/save", { token, path: shared });
    expectOk(first);
    expectOk(second);
    const stored = async (path: string) => (await env.MEDIA.head(mediaKeyOf(path)!)) !== null;

    expectOk(await api("/api/admin/banners/save", { token, id: first.data.id, path: shared, path_yw: next }));
    expect(await stored(own)).toBe(false);
    expect(await stored(next)).toBe(true);

    expectOk(await api("/api/admin/banners/delete", { token, id: first.data.id }));
    expect(await stored(next)).toBe(false);
    expect(await stored(shared)).toBe(true);
    const served = await get(next);
    expect(served.status).toBe(404);
    await served.arrayBuffer();

    expectOk(await api("/api/admin/banners/delete", { token, id: second.data.id }));
    expect(await stored(shared)).toBe(false);
  });

  it("keeps the images of a banner change waiting for a second admin when the banner that named them goes", async () => {
    const token = await operatorLogin();
    const image = (await upload(token, png(750, 300))).data.path;
    const first = await api("/api/admin/banners/save", { token, path: image, link: "/info/1" });
    expectOk(first);
    // a new banner leading outside the site, with the same image, waits (docs/decisions/188)
    const asked = await api("/api/admin/banners/save", { token, path: image, link: "https://partner.example" });
    expect(asked.data.waiting).toBe(true);
    expectOk(await api("/api/admin/banners/delete", { token, id: first.data.id }));
    expect(await env.MEDIA.head(mediaKeyOf(image)!)).not.toBeNull();
    const requests = (await api("/api/admin/settings/requests", { token })).data.list as { id: number; key: string }[];
    for (const r of requests.filter((x) => x.key === "banner"))
      expectOk(await api("/api/admin/settings/requests/reject", { token, id: r.id }));
  });

  it("keeps an upload not yet saved (a preview) for the grace period, then the next sweep removes it", async () => {
    const token = await operatorLogin();
    const pending = (await upload(token, png(750, 300))).data.path;
    const keep = new Set<string>();
    expect(await removeUnreferencedImages(env.MEDIA, keep, [], Date.now())).not.toContain(mediaKeyOf(pending));
    expect(await env.MEDIA.head(mediaKeyOf(pending)!)).not.toBeNull();
    const removed = await removeUnreferencedImages(env.MEDIA, keep, [], Date.now() + UNSAVED_UPLOAD_GRACE_MS + 1000);
    expect(removed).toContain(mediaKeyOf(pending));
    expect(await env.MEDIA.head(mediaKeyOf(pending)!)).toBeNull();
  });

  it("two operators uploading the same image at once get the same stored object", async () => {
    const token = await operatorLogin();
    const bytes = png(800, 320);
    const answers = await Promise.all([upload(token, bytes), upload(token, bytes), upload(token, bytes)]);
    for (const a of answers) expectOk(a);
    expect(new Set(answers.map((a) => a.data.path)).size).toBe(1);
    expect(await env.MEDIA.head(mediaKeyOf(answers[0].data.path)!)).not.toBeNull();
  });
});
