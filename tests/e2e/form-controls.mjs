// Every control of a page, set the way a person would set it and read back: the "nothing typed is lost"
// flow (typed-before-hydration.e2e.mjs) sets each before the page's scripts run and reads each after.
// A control is known by its tag, its name and its place among controls of that name, so controls that
// only JavaScript adds (a search box) do not shift the others.

/** Control types a person does not type into or choose: never counted. */
const NOT_CONTROLS = new Set(["hidden", "submit", "button", "reset", "image"]);

/** What every control of the page holds now, keyed; `scope` narrows it to one form. */
export async function readControls(page, scope = "body") {
  return page.locator(scope).evaluate(
    (root, notControls) => {
      const seen = new Map();
      const out = [];
      for (const node of root.querySelectorAll("input, select, textarea")) {
        const type = node.tagName === "INPUT" ? (node.getAttribute("type") ?? "text").toLowerCase() : node.tagName;
        if (notControls.includes(type)) continue;
        const slot = `${node.tagName.toLowerCase()}[${node.getAttribute("name") ?? ""}]`;
        const nth = seen.get(slot) ?? 0;
        seen.set(slot, nth + 1);
        const state =
          type === "checkbox" || type === "radio"
            ? node.checked
            : type === "file"
              ? [...node.files].map((f) => f.name).join(",")
              : node.value;
        out.push({
          key: `${slot}#${nth}`,
          tag: node.tagName.toLowerCase(),
          name: node.getAttribute("name"),
          nth,
          type: type.toLowerCase(),
          state,
          usable: !node.disabled && !node.readOnly && node.getClientRects().length > 0,
          min: node.getAttribute("min"),
          max: node.getAttribute("max"),
          maxLength: node.maxLength > 0 ? node.maxLength : null,
          inputMode: node.getAttribute("inputmode") ?? "",
          options:
            node.tagName === "SELECT" ? [...node.options].filter((o) => !o.disabled).map((o) => o.value) : undefined,
        });
      }
      return out;
    },
    [...NOT_CONTROLS],
  );
}

/** The control a read entry names, found again on the page. */
function controlOf(page, control, scope = "body") {
  const by = control.name ? `[name="${control.name}"]` : ":not([name])";
  const notControls = [...NOT_CONTROLS].map((t) => `:not([type=${t}])`).join("");
  return page.locator(scope).locator(`${control.tag}${by}${notControls}`).nth(control.nth);
}

/** What a text-like field is typed with, by the kind of value it takes. */
function sample(control) {
  const { type, inputMode, tag } = control;
  let text = "typed early";
  if (type === "password") text = "early-secret-9";
  else if (type === "tel") text = "912345678";
  else if (type === "email") text = "early@example.com";
  else if (type === "url") text = "https://example.com/early";
  else if (type === "number" || inputMode === "numeric" || inputMode === "decimal") text = "7";
  else if (tag === "textarea") text = "typed early\nsecond line";
  else if (type === "search") text = "early";
  return control.maxLength ? text.slice(0, control.maxLength) : text;
}

const dayBefore = (day) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A date other than the one shown, inside the field's bounds. */
function otherDate(control) {
  let day = control.state ? dayBefore(control.state) : "2026-11-20";
  if (control.min && day < control.min) day = control.max && control.max > control.min ? control.max : control.min;
  if (control.max && day > control.max) day = control.max;
  return day;
}

const OTHER_VALUE = {
  date: otherDate,
  time: (c) => (c.state === "13:45" ? "14:15" : "13:45"),
  "datetime-local": (c) => (c.state === "2026-11-20T13:45" ? "2026-11-19T14:15" : "2026-11-20T13:45"),
  month: (c) => (c.state === "2026-10" ? "2026-09" : "2026-10"),
  week: (c) => (c.state === "2026-W40" ? "2026-W41" : "2026-W40"),
};

const TEXT_TYPES = new Set(["text", "password", "tel", "email", "url", "number", "search", "textarea"]);

/** A one-pixel PNG: what a file field is given. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Sets every usable control of the page as a person would: types into text fields, chooses another
 * option of a select and another radio of a group, toggles checkboxes, picks another date, attaches a
 * file. Answers what each control holds after (the expectation) and the controls it could not change.
 */
export async function setEveryControl(page, overrides = {}, scope = "body") {
  const before = await readControls(page, scope);
  const radioGroups = new Set();
  for (const control of before) {
    if (!control.usable) continue;
    const field = controlOf(page, control, scope);
    const override = control.name ? overrides[control.name] : undefined;
    if (control.type === "checkbox") {
      await field.evaluate((node) => node.click());
    } else if (control.type === "radio") {
      if (radioGroups.has(control.name)) continue;
      radioGroups.add(control.name);
      const group = before.filter((c) => c.type === "radio" && c.name === control.name && c.usable);
      const choice = override
        ? page.locator(scope).locator(`input[type=radio][name="${control.name}"][value="${override}"]`)
        : controlOf(page, group.findLast((c) => !c.state) ?? group[0], scope);
      await choice.evaluate((node) => node.click());
    } else if (control.tag === "select") {
      const value = override ?? control.options.findLast((v) => v !== control.state && v !== "") ?? control.state;
      await field.selectOption(value, { force: true });
    } else if (control.type === "file") {
      await field.setInputFiles({ name: "early.png", mimeType: "image/png", buffer: PNG });
    } else if (OTHER_VALUE[control.type]) {
      await field.fill(override ?? OTHER_VALUE[control.type](control));
    } else if (TEXT_TYPES.has(control.type)) {
      await field.fill(override ?? sample(control));
    } else {
      throw new Error(`no way to set a control of type ${control.type} (${control.key})`);
    }
  }
  const after = await readControls(page, scope);
  const unchanged = after.filter(
    (c, i) => c.usable && c.type !== "radio" && c.state === before[i]?.state && !(c.name in overrides),
  );
  return { before, after, unchanged };
}

/** Each control of `expected` that no longer holds what it held, as a sentence; `cleared` may come back empty. */
export async function lostControls(page, expected, where, { scope = "body", cleared = [] } = {}) {
  const now = new Map((await readControls(page, scope)).map((c) => [c.key, c]));
  const lost = [];
  for (const control of expected) {
    const found = now.get(control.key);
    if (!found) lost.push(`${where} ${control.key}: gone`);
    else if (found.state !== control.state && !(cleared.includes(control.name) && found.state === ""))
      lost.push(`${where} ${control.key}: was ${JSON.stringify(control.state)}, now ${JSON.stringify(found.state)}`);
  }
  return lost;
}
