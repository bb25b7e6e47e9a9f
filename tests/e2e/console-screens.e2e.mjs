// The console's busiest screens with data of every kind, at a phone's width and a desk's: approvals with a
// pending deposit, withdrawal, credit and operator request; a player's file with a ledger, requests and a
// marker of harm; the rooms list, a room's odds, settings and operators. On each, nothing is cut off: the
// page never scrolls sideways, no table needs a sideways scroll on a phone (tables are cards there), and
// each form control of a decision or of a filter (the history's, the audit log's) is wide enough for the words it shows (a date's format
// too); the history's filter holds each label right above its value and the values of a line level, every value one
// height; a card's column name that holds a date is never broken inside it (the books' live check); on a phone's card a
// value, a link too, starts on its column name's line (the history's three lists and the rooms in four languages), and a
// coin withdrawal's network name is never broken inside it. Screenshots:
// console-screens-*.
import assert from "node:assert/strict";
import { operatorToken, signInToConsole } from "./operator.mjs";
import { uniqueStamp } from "./players.mjs";
import { paidInto } from "./site-payees.mjs";

async function call(base, path, body) {
  return (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

const ok = (answer, what) => assert.equal(answer.code, 1, `${what}: ${JSON.stringify(answer)}`);
const requestId = () => crypto.randomUUID();

/** A player with a ledger, pending requests of both kinds and the repeated-refusals marker. */
async function busyPlayer(base, smsCode, serverLog) {
  const stamp = uniqueStamp();
  const phone = `97${stamp}`;
  const username = `cs${stamp}x`;
  ok(await call(base, "/api/index/sms_send", { quhao: "+84", mobile: phone }), "sms");
  const registered = await call(base, "/api/index/register", {
    quhao: "+84",
    username,
    phone,
    captcha: await smsCode(phone),
    password: "play1234",
    spassword: "play1234",
    invitation: "888",
    payPwd: "pay12345",
    adult: 1,
  });
  ok(registered, "register");
  const token = registered.data.token;
  const admin = await operatorToken(base, serverLog, "admin");
  const found = await call(base, "/api/admin/players", { token: admin, query: username });
  const id = found.data.list.find((p) => p.username === username).id;
  ok(
    await call(base, "/api/admin/adjust", {
      token: admin,
      userId: id,
      money: "300",
      text: "bonus",
      reason: "screens: opening credit",
      request_id: requestId(),
    }),
    "credit",
  );
  // a credit above what one operator may move alone waits for a second
  ok(
    await call(base, "/api/admin/adjust", {
      token: admin,
      userId: id,
      money: "15000",
      text: "compensation",
      reason: "Goodwill after an outage on the evening draw",
      request_id: requestId(),
    }),
    "large credit",
  );
  const card = await call(base, "/api/Game/addbankcard", {
    token,
    type: "Bank",
    bank: "Vietcombank",
    account: `0071${stamp}12`,
    username: "Nguyen Van A",
    area: "Hanoi, Hoan Kiem branch",
    payPwd: "pay12345",
  });
  ok(card, "bank card");
  ok(
    await call(base, "/api/Game/withdraw", {
      token,
      bank_id: card.data.id,
      money: "120",
      pwd: "pay12345",
      request_id: requestId(),
    }),
    "withdrawal",
  );
  // and one to a coin address: its card names the network to send on beside the amount, which must wrap at 390 px
  const address = await call(base, "/api/Game/addbankcard", {
    token,
    type: "USDT",
    address: `0x${"ab".repeat(16)}${stamp}0`,
    payPwd: "pay12345",
  });
  ok(address, "coin address");
  ok(
    await call(base, "/api/Game/withdraw", {
      token,
      bank_id: address.data.id,
      money: "60",
      pwd: "pay12345",
      request_id: requestId(),
    }),
    "coin withdrawal",
  );
  ok(await call(base, "/api/Game/recharge", { token, money: 80, pay_name: "Nguyen Van A", ...paidInto() }), "deposit");
  // three refusals by a deposit limit within a week: the repeated-refusals marker
  ok(await call(base, "/api/Game/setlimit", { token, kind: "deposit", period: "day", money: 100 }), "limit");
  for (let i = 0; i < 3; i++)
    assert.equal((await call(base, "/api/Game/recharge", { token, money: 500, pay_name: "A", ...paidInto() })).code, 0);
  return { username, id };
}

/** What is cut off on the page as it is laid out now: an empty list when nothing is. */
function cutOff(page) {
  return page.evaluate(() => {
    const found = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    if (width < 700)
      for (const box of document.querySelectorAll(".table-scroll"))
        if (box.scrollWidth > box.clientWidth + 1)
          found.push(
            `a table needs a sideways scroll: ${
              box.getAttribute("aria-label") ??
              document.getElementById(box.getAttribute("aria-labelledby") ?? "")?.textContent ??
              box.querySelector("caption, th")?.textContent
            } (${box.scrollWidth} > ${box.clientWidth})`,
          );
    // the header names who is signed in whole, in every language: the words before the name may give way, never the name
    const who = document.querySelector(".admin-who");
    const name = document.querySelector(".admin-who-name") ?? who;
    if (name) {
      const [box, line] = [name.getBoundingClientRect(), who.getBoundingClientRect()];
      if (name.scrollWidth > name.clientWidth + 1 || box.right > line.right + 1 || box.right > width + 1)
        found.push(`the signed-in name is cut: "${name.textContent}"`);
    }
    const canvas = document.createElement("canvas").getContext("2d");
    for (const control of document.querySelectorAll(
      ".decision select, .decision input:not([type=hidden]), .history-filters select, .history-filters input:not([type=hidden], .date-entry-calendar), .audit-filters select, .audit-filters input:not([type=hidden], .date-entry-calendar)",
    )) {
      const style = getComputedStyle(control);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const words =
        control.tagName === "SELECT" ? (control.selectedOptions[0]?.textContent ?? "") : control.placeholder;
      const rect = control.getBoundingClientRect();
      // a select keeps room for its arrow
      const room =
        rect.width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        (control.tagName === "SELECT" ? 20 : 0);
      if (rect.right > width + 1) found.push(`${control.name} runs off the screen`);
      if (words && canvas.measureText(words).width > room + 1)
        found.push(`${control.name} is too narrow for "${words}" (${Math.round(room)} px)`);
    }
    // a phone card's column name (td::before, app/styles/admin.css) that holds a date stays on one line
    for (const td of document.querySelectorAll(".admin-table.cards td[data-label]")) {
      const label = getComputedStyle(td, "::before");
      if (/\d{4}-\d{2}-\d{2}/.test(td.dataset.label) && parseFloat(label.height) > 1.6 * parseFloat(label.fontSize))
        found.push(`the column name "${td.dataset.label}" breaks over lines (${label.height})`);
    }
    return found;
  });
}

/** A phone card's value not on its column name's line (a link pushed down by its 44 px tap target), or a coin's
 * network name broken over two lines: an empty list when none is. */
function valuesOffTheirNames(page) {
  return page.evaluate(() => {
    const found = [];
    const firstWords = (box) => {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.data.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
      });
      const node = walker.nextNode();
      if (!node) return null;
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getClientRects()[0] ?? null;
    };
    for (const td of document.querySelectorAll(".admin-table.cards td[data-label]:not(.long-head)")) {
      const cell = td.querySelector(":scope > .cell");
      // a form control sits on its own terms (the odds' inputs are centred on their name)
      if (!cell || cell.querySelector("input, select, textarea, button")) continue;
      const words = firstWords(cell);
      if (!words) continue;
      // the column's name (td::before) starts at the top of the card's line: the value's first words start there too
      const style = getComputedStyle(td);
      const line = td.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
      if (words.top - line > 5)
        found.push(
          `"${td.dataset.label}": "${cell.textContent.slice(0, 30)}" starts ${words.top - line} px below its name`,
        );
    }
    // a network's name in Chinese, whole ("ERC20（以太 / 坊）" was broken in the word)
    for (const table of document.querySelectorAll(".admin-table.cards")) {
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const word of ["以太坊", "波场", "波場"])
          for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + 1)) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(`"${word}" broken over lines in "${node.data}"`);
          }
    }
    return found;
  });
}

/** The history's filter out of line: a value not right under its label, values of a line not level or not one height. */
function filterOutOfLine(page) {
  return page.evaluate(() => {
    const found = [];
    const fields = [...document.querySelectorAll(".history-filters .field")].map((field) => {
      const label = field.querySelector(".field-label").getBoundingClientRect();
      const value = field.querySelector("select, input:not([type=hidden])").getBoundingClientRect();
      return { name: field.querySelector("select, input").name, label, value };
    });
    for (const { name, label, value } of fields)
      if (value.top < label.bottom - 0.5 || value.top - label.bottom > 12)
        found.push(`${name}: its value is not right under its label (${label.bottom} → ${value.top})`);
    const heights = new Set(fields.map((f) => Math.round(f.value.height)));
    if (heights.size > 1) found.push(`values of different heights: ${[...heights]}`);
    for (const a of fields)
      for (const b of fields)
        if (a.name < b.name && a.value.bottom > b.value.top && b.value.bottom > a.value.top)
          if (Math.abs(a.value.top - b.value.top) > 0.5)
            found.push(`${a.name} and ${b.name} share a line, their values not level (${a.value.top}, ${b.value.top})`);
    return found;
  });
}

export default async function ({ page, base, shot, smsCode, serverLog }) {
  const player = await busyPlayer(base, smsCode, serverLog);
  // an operator request: a new operator waits for a second admin
  const admin = await operatorToken(base, serverLog, "admin");
  ok(
    await call(base, "/api/admin/operators/create", {
      token: admin,
      username: `desk${String(Date.now()).slice(-6)}`,
      role: "cashier",
    }),
    "operator request",
  );
  await signInToConsole(page, serverLog, "admin");
  const screens = [
    ["approvals", "/admin"],
    ["player", `/admin/players/${player.id}`],
    ["rooms", "/admin/rooms"],
    ["odds", "/admin/rooms/1"],
    ["settings", "/admin/settings"],
    ["operators", "/admin/operators"],
    ["history-deposits", "/admin/history?status=all"],
    ["history", "/admin/history?kind=withdrawals&status=all"],
    ["history-adjustments", "/admin/history?kind=adjustments&status=all"],
    ["books", "/admin/books"],
  ];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [name, path] of screens) {
      await page.goto(path);
      await page.locator("main h1").first().waitFor();
      if (name === "approvals") {
        // every kind of request waits on the screen
        await page.getByText(player.username).first().waitFor();
        await page.getByText("Goodwill after an outage on the evening draw").waitFor();
        await page.locator('[data-testid^="withdrawal-"]').first().waitFor();
        await page.locator('[data-testid^="deposit-"]').first().waitFor();
      }
      if (name === "player") await page.getByText("Repeatedly refused at limits").first().waitFor();
      await shot(`${name}-${viewport.width}`);
      assert.deepEqual(await cutOff(page), [], `${path} at ${viewport.width} px`);
      if (name.startsWith("history"))
        assert.deepEqual(await filterOutOfLine(page), [], `${path}'s filter at ${viewport.width} px`);
      if (viewport.width < 700) assert.deepEqual(await valuesOffTheirNames(page), [], `${path}'s cards`);
    }
  }
  // the header in the language whose words before the name are longest, at a phone's width; the filters' (the
  // history's and the audit log's) and the books' words in each language
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lng of ["vi", "zh-CN", "zh-TW", "en"]) {
    await page.goto(`/admin/history?kind=withdrawals&status=all&lng=${lng}`);
    await page.locator("main h1").first().waitFor();
    await shot(`history-390-${lng}`);
    assert.deepEqual(await cutOff(page), [], `history in ${lng} at 390 px`);
    assert.deepEqual(await filterOutOfLine(page), [], `history's filter in ${lng} at 390 px`);
    assert.deepEqual(await valuesOffTheirNames(page), [], `history's cards in ${lng} at 390 px`);
    for (const [name, path] of [
      ["history-deposits", "/admin/history?status=all"],
      ["history-adjustments", "/admin/history?kind=adjustments&status=all"],
      ["rooms", "/admin/rooms"],
    ]) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      await page.locator("main h1").first().waitFor();
      await shot(`${name}-390-${lng}`);
      assert.deepEqual(await valuesOffTheirNames(page), [], `${name}'s cards in ${lng} at 390 px`);
    }
    await page.goto(`/admin/audit?lng=${lng}`);
    await page.locator("main h1").first().waitFor();
    await shot(`audit-390-${lng}`);
    assert.deepEqual(await cutOff(page), [], `the audit log's filter in ${lng} at 390 px`);
    await page.goto(`/admin/books?lng=${lng}`);
    await page.locator("main h1").first().waitFor();
    await shot(`books-390-${lng}`);
    assert.deepEqual(await cutOff(page), [], `books in ${lng} at 390 px`);
  }
}
