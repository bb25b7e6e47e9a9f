// Nothing typed is lost: on a slow phone a player or an operator types into a form before the page's
// scripts have run. Every form of the app is opened with its scripts held back (and the CPU slowed to a
// quarter), every field is typed into, the scripts are let through, and once React has hydrated the page
// every field must still hold what was typed.
import assert from "node:assert/strict";
import { signInToConsole } from "./operator.mjs";

const GUEST_FORMS = ["/login", "/register", "/forgot-password", "/fairness"];
const PLAYER_FORMS = [
  "/recharge",
  "/withdraw",
  "/producttransferin?id=1",
  "/bankadd",
  "/user/limits",
  "/userloginpassword",
  "/usercipherpassword",
  "/activity/16",
];
const CONSOLE_FORMS = [
  "/admin/rooms/1",
  "/admin/rooms/new",
  "/admin/settings",
  "/admin/finance",
  "/admin/content/new?group=9",
  "/admin/players",
];

/** What a field is typed with, by the kind of value it takes. */
function sample(field) {
  if (field.tag === "textarea") return "typed early";
  if (field.type === "password") return "early123";
  if (field.type === "tel") return "912345678";
  if (field.type === "email") return "early@example.com";
  if (field.type === "url") return "https://example.com/early";
  if (field.type === "number" || field.inputMode === "decimal" || field.inputMode === "numeric") return "7";
  return "early";
}

const SKIPPED_TYPES = new Set([
  "hidden",
  "checkbox",
  "radio",
  "file",
  "date",
  "submit",
  "button",
  "reset",
  "range",
  "color",
]);

/** Opens a page with its scripts held, types into every field, lets the scripts run and reads the fields again. */
async function typeBeforeHydration(page, path) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const hold = async (route) => {
    await held;
    await route.continue();
  };
  await page.route(/\/assets\/.*\.js(\?|$)/, hold);
  try {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    // a field is found again by its name and its place among fields of that name: hydration may add
    // fields that need JavaScript (a search box), which must not shift the count
    const fields = await page.locator("main input[name], main textarea[name]").evaluateAll((nodes) => {
      const seen = new Map();
      return nodes.map((node) => {
        const name = node.getAttribute("name");
        const nth = seen.get(name) ?? 0;
        seen.set(name, nth + 1);
        return {
          name,
          nth,
          tag: node.tagName.toLowerCase(),
          type: (node.getAttribute("type") ?? "text").toLowerCase(),
          inputMode: node.getAttribute("inputmode") ?? "",
          usable: !node.disabled && !node.readOnly && node.getClientRects().length > 0,
        };
      });
    });
    const fieldOf = (field) => page.locator(`main ${field.tag}[name="${field.name}"]`).nth(field.nth);
    const typed = [];
    for (const field of fields) {
      if (!field.usable || (field.tag === "input" && SKIPPED_TYPES.has(field.type))) continue;
      const value = sample(field);
      await fieldOf(field).fill(value);
      typed.push({ ...field, value });
    }
    release();
    // hydrated: React has attached its fibers to the page's elements; then its first effects run
    await page.waitForFunction(
      () => {
        const main = document.querySelector("main");
        return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
      },
      null,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(1_500);
    const lost = [];
    for (const field of typed) {
      const now = await fieldOf(field).inputValue();
      if (now !== field.value) lost.push(`${path} ${field.name}: typed "${field.value}", now "${now}"`);
    }
    return { typed: typed.length, lost };
  } finally {
    release();
    await page.unroute(/\/assets\/.*\.js(\?|$)/, hold);
  }
}

async function slowed(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

export default async function ({ context, page, base, serverLog, shot }) {
  const lost = [];
  let typed = 0;
  const run = async (visit, paths) => {
    for (const path of paths) {
      const result = await typeBeforeHydration(visit, path);
      typed += result.typed;
      lost.push(...result.lost);
    }
  };

  const guest = await context.browser().newContext({ viewport: page.viewportSize(), baseURL: base, locale: "en-US" });
  const guestPage = await guest.newPage();
  await slowed(guest, guestPage);
  await run(guestPage, GUEST_FORMS);
  await guest.close();

  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  await slowed(context, page);
  await run(page, PLAYER_FORMS);

  const desk = await context.browser().newContext({ viewport: page.viewportSize(), baseURL: base, locale: "en-US" });
  const deskPage = await desk.newPage();
  await signInToConsole(deskPage, serverLog);
  await slowed(desk, deskPage);
  await run(deskPage, CONSOLE_FORMS);
  await shot("last-form");
  await desk.close();

  assert.ok(typed >= 40, `typed into ${typed} fields`);
  assert.deepEqual(lost, [], `fields that lost what was typed before hydration (${typed} typed)`);
}
