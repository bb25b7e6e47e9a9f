// Done when: the player's screens keep one rhythm in every language at a phone size: the break's confirm
// step evenly spaced with each figure beside its label, every radio one size and centred on its label,
// the account-type tabs' words centred and their "added" tag clear of the icon in Vietnamese, the tab
// rows one line each, the accounts' delete buttons whole tap targets with their word in the middle, a coin address's
// title inside its box with "地址" and its network's name whole (the accounts, the withdrawal's picker, the networks
// to choose from) in four languages, and the unread
// badge beside the My icon, "99+" past 99 with the whole count in the link's name, in English and Chinese.
import assert from "node:assert/strict";
import { eventually } from "./eventually.mjs";
import { languageCookie } from "./language.mjs";
import { operatorToken } from "./operator.mjs";
import { uniqueStamp } from "./players.mjs";
import { paidInto } from "./site-payees.mjs";

const PAY_PASSWORD = "135790";

/** The boxes of what a locator matches, as the page lays them out. */
const boxesOf = (locator) =>
  locator.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    }),
  );

const near = (a, b, slack, what) => assert.ok(Math.abs(a - b) <= slack, `${what}: ${a} vs ${b}`);

/** The words that must never be broken over two lines: a coin address's "地址" and the networks' names. */
const WHOLE_WORDS = ["地址", "以太坊", "波场", "波場", "Ethereum", "Tron"];

/** Each of WHOLE_WORDS that what the locator matches shows broken over two lines. */
const brokenWords = (locator) =>
  locator.evaluateAll(
    (elements, words) =>
      elements.flatMap((element) => {
        const found = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          for (const word of words)
            for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + 1)) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + word.length);
              const lines = new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              );
              if (lines.size > 1) found.push(`"${word}" broken over lines in "${element.textContent}"`);
            }
        return found;
      }),
    WHOLE_WORDS,
  );

/** Each card whose title's words run past its text box or under the control beside it (the delete button, the radio). */
const titlesPastTheirBox = (cards, control) =>
  cards.evaluateAll(
    (elements, control) =>
      elements.flatMap((card) => {
        const title = card.querySelector(".account-title");
        const range = document.createRange();
        range.selectNodeContents(title);
        const words = Math.max(...[...range.getClientRects()].map((r) => r.right));
        const box = card.querySelector(".account-text").getBoundingClientRect();
        const beside = card.querySelector(control).getBoundingClientRect();
        return words > box.right + 0.5 || words > beside.left
          ? [
              `"${title.textContent}" runs to ${words}, its box ends at ${box.right}, ${control} starts at ${beside.left}`,
            ]
          : [];
      }),
    control,
  );

export default async function ({ page, context, base, shot, smsCode, serverLog }) {
  // every section runs and says what it found, so one run names each defect of the page
  const problems = [];
  const section = async (name, check) => {
    try {
      await check();
    } catch (error) {
      problems.push(`${name}: ${error.message}`);
      await shot(`failure-${name.replace(/\W+/g, "-")}`).catch(() => {});
    }
  };
  const call = async (path, body) =>
    (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
  // a player of this flow's own: the others share demo01, whose inbox must stay as they expect it
  const stamp = uniqueStamp();
  const username = `lay${stamp}a`;
  const phone = `96${stamp}`;
  assert.equal((await call("/api/index/sms_send", { quhao: "+84", mobile: phone })).code, 1);
  const registered = await call("/api/index/register", {
    quhao: "+84",
    username,
    phone,
    captcha: await smsCode(phone),
    password: "play1234",
    spassword: "play1234",
    invitation: "888",
    payPwd: PAY_PASSWORD,
    adult: true,
  });
  assert.equal(registered.code, 1, JSON.stringify(registered));
  const token = registered.data.token;
  const me = await call("/api/Game/getuserinfo", { token });
  const admin = await operatorToken(base, serverLog);
  const funded = await call("/api/admin/adjust", {
    text: "correction",
    token: admin,
    userId: me.data.id,
    money: 1000,
    reason: "e2e funds",
  });
  assert.equal(funded.code, 1, JSON.stringify(funded));
  for (const account of [
    { type: "Bank", bank: "Vietcombank", account: "0123456789012", username: "Nguyen Van A", area: "Ha Noi" },
    // on Ethereum: the longest network name, "ERC20 (Ethereum)", in the accounts' titles
    { type: "USDT", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
  ]) {
    const added = await call("/api/Game/addbankcard", { token, payPwd: PAY_PASSWORD, ...account });
    assert.equal(added.code, 1, JSON.stringify(added));
  }
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("play1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");

  // the break's confirm step: the form's one gap between every part, each figure on its label's line
  await section("break confirm", async () => {
    for (const lng of ["en", "vi"]) {
      await context.addCookies([languageCookie(base, lng)]);
      await page.goto("/user/limits");
      await page.locator("form:has(button[value=breakAsk]) select[name=period]").selectOption("24h");
      await page.locator("button[value=breakAsk]").click();
      const confirm = page.getByTestId("break-confirm");
      await confirm.getByTestId("break-ends").waitFor();
      // read once the step has settled (it appears as its parts still lay out: a slow machine saw it mid-way)
      await eventually(
        async () => {
          const parts = (await boxesOf(confirm.locator(":scope > *"))).filter((b) => b.height > 0);
          const gaps = parts.slice(1).map((b, i) => Math.round(b.top - parts[i].bottom));
          assert.ok(
            gaps.every((gap) => Math.abs(gap - gaps[0]) <= 1),
            `${lng}: even gaps in the confirm step: ${gaps}`,
          );
        },
        { timeout: 5_000 },
      );
      const labels = await boxesOf(confirm.locator(".summary dt"));
      const values = await boxesOf(confirm.locator(".summary dd"));
      const [list] = await boxesOf(confirm.locator(".summary"));
      assert.equal(values.length, labels.length);
      values.forEach((value, i) => {
        near(value.top, labels[i].top, 3, `${lng}: figure ${i + 1} on its label's line`);
        near(value.right, list.right, 1, `${lng}: figure ${i + 1} against the right edge`);
      });
      await confirm.scrollIntoViewIfNeeded();
      await shot(`1-break-confirm-${lng}`);
    }
  });

  // every radio one size, centred on its label; the account-type tabs even in Vietnamese
  await section("radios", async () => {
    await context.addCookies([languageCookie(base, "vi")]);
    const radioSizes = [];
    const radiosCentred = async (labelSelector) => {
      for (const label of await page.locator(labelSelector).all()) {
        const [box] = await boxesOf(label);
        const [radio] = await boxesOf(label.locator("input[type=radio]"));
        near(radio.top + radio.height / 2, box.top + box.height / 2, 1.5, `radio centred in ${labelSelector}`);
        radioSizes.push(`${radio.width}x${radio.height}`);
      }
    };
    await page.goto("/bankadd?type=USDT");
    await page.locator(".network-option").first().waitFor();
    await radiosCentred(".network-option");
    await page.goto("/languageSet");
    await radiosCentred(".lang-list label");
    await page.goto("/withdraw");
    for (const mark of await boxesOf(page.locator(".choice-mark"))) radioSizes.push(`${mark.width}x${mark.height}`);
    assert.deepEqual([...new Set(radioSizes)], ["20x20"], `one radio size: ${radioSizes}`);
  });

  // the account-type tabs in Vietnamese: equal, their words centred, the "added" tag clear of the icon
  await section("account-type tabs", async () => {
    await page.goto("/bankadd?type=USDT");
    const tabs = page.locator(".type-chooser .type-option");
    const tabBoxes = await boxesOf(tabs);
    assert.equal(tabBoxes.length, 4);
    for (const [i, tab] of (await tabs.all()).entries()) {
      near(tabBoxes[i].height, tabBoxes[0].height, 0.5, `tab ${i + 1} height`);
      // each line of the tab's name is centred in the tab (a wrapped "Thẻ ngân hàng" too)
      const lines = await tab.locator(":scope > span:not(.account-icon)").evaluate((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        return [...range.getClientRects()].map((r) => ({ left: r.left, right: r.right }));
      });
      const middle = tabBoxes[i].left + tabBoxes[i].width / 2;
      for (const line of lines)
        near((line.left + line.right) / 2, middle, 2, `tab ${i + 1}: a line of its name centred`);
      const added = await boxesOf(tab.locator(".type-added"));
      const [icon] = await boxesOf(tab.locator(".account-icon"));
      for (const tag of added)
        assert.ok(
          tag.top >= icon.bottom || tag.bottom <= icon.top || tag.left >= icon.right || tag.right <= icon.left,
          `tab ${i + 1}: the "added" tag clear of the icon`,
        );
    }
    await shot("2-bankadd-vi");
  });

  // an account's delete button: a whole tap target (44 x 44 px), its word in its middle, in every language
  await section("account delete", async () => {
    // Vietnamese last: the sections after this one read the page in it
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
      await context.addCookies([languageCookie(base, lng)]);
      await page.goto("/banklist");
      const buttons = page.locator(".account-delete");
      assert.equal(await buttons.count(), 2, `${lng}: a delete button on each account`);
      for (const button of await buttons.all()) {
        const [box] = await boxesOf(button);
        assert.ok(box.width >= 44 && box.height >= 44, `${lng}: delete is ${box.width}x${box.height} px`);
        const words = await button.evaluate((link) => {
          const range = document.createRange();
          range.selectNodeContents(link);
          const r = range.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        });
        near(
          (words.top + words.bottom) / 2,
          box.top + box.height / 2,
          1.5,
          `${lng}: delete's word centred up and down`,
        );
        near((words.left + words.right) / 2, box.left + box.width / 2, 1.5, `${lng}: delete's word centred across`);
      }
      if (lng === "vi") await shot("2b-banklist-vi");
    }
  });

  // a coin address's title inside its box, clear of the delete button and the radio; "地址" and a network's name never
  // broken in half (the accounts, the withdrawal's picker, the networks to choose from)
  await section("account titles", async () => {
    // Vietnamese last: the sections after this one read the page in it
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
      await context.addCookies([languageCookie(base, lng)]);
      await page.goto("/banklist");
      const listed = page.locator(".account-list .account-card");
      assert.equal(await listed.count(), 2, `${lng}: both accounts listed`);
      assert.deepEqual(await titlesPastTheirBox(listed, ".account-delete"), [], `${lng}: /banklist`);
      assert.deepEqual(await brokenWords(page.locator(".account-title")), [], `${lng}: /banklist`);
      await shot(`2c-banklist-${lng}`);
      await page.goto("/withdraw");
      const chosen = page.locator(".choice .account-card");
      assert.equal(await chosen.count(), 2, `${lng}: both accounts to choose from`);
      assert.deepEqual(await titlesPastTheirBox(chosen, ".choice-mark"), [], `${lng}: /withdraw`);
      assert.deepEqual(await brokenWords(page.locator(".account-title")), [], `${lng}: /withdraw`);
      await page.goto("/bankadd?type=USDT");
      const networks = page.locator(".network-option");
      assert.equal(await networks.count(), 2, `${lng}: USDT's two networks`);
      assert.deepEqual(await brokenWords(networks), [], `${lng}: /bankadd's networks`);
      for (const [i, box] of (await boxesOf(networks.locator("span"))).entries())
        assert.ok(box.right <= (await boxesOf(networks.nth(i)))[0].right, `${lng}: network ${i + 1}'s name in its box`);
      await shot(`2d-bankadd-networks-${lng}`);
    }
  });

  // Vietnamese tab rows: one line a tab, none out of the screen
  await section("tab rows", async () => {
    for (const [path, selector] of [
      ["/betlist", "nav.tabs a"],
      ["/message", ".content-tabs a"],
      ["/my_income", ".ledger-tabs a"],
    ]) {
      await page.goto(path);
      const links = page.locator(selector);
      assert.ok((await links.count()) >= 3, `${path}: its tabs`);
      for (const box of await boxesOf(links)) {
        assert.ok(box.right <= 390 + 0.5 && box.left >= -0.5, `${path}: a tab inside the screen`);
        assert.ok(box.height < 60, `${path}: a tab on one line (${box.height} px)`);
      }
    }
  });

  // the unread badge: more than 99 notices waiting, "99+" on the tab and the menu, the count in the link's name
  for (let i = 0; i < 120; i++) {
    const asked = await call("/api/Game/recharge", {
      token,
      money: String(100 + i),
      pay_name: "Nguyen Van A",
      ...paidInto(),
    });
    assert.equal(asked.code, 1, JSON.stringify(asked));
    const rejected = await call("/api/admin/deposits/reject", { token: admin, id: asked.data.id, note: "#noPayment" });
    assert.equal(rejected.code, 1, JSON.stringify(rejected));
  }
  await section("unread badge", async () => {
    // the 120 rejections and the credit that funded the player
    const { unread } = (await call("/api/Game/getnoticecount", { token })).data;
    assert.equal(unread, 121);
    for (const [lng, my, messages, words] of [
      ["en", "My", "Messages", `${unread} unread notices`],
      ["zh-CN", "我的", "消息", `${unread} 条未读通知`],
    ]) {
      await context.addCookies([languageCookie(base, lng)]);
      await page.goto("/user");
      const tab = page.getByRole("navigation").getByRole("link", { name: `${my} ${words}` });
      await tab.waitFor({ timeout: 10_000 });
      assert.equal(await tab.getByTestId("tab-unread").textContent(), "99+");
      const menu = page.getByRole("link", { name: `${messages} ${words}` });
      assert.equal(await menu.getByTestId("menu-unread").textContent(), "99+");
      const [badge] = await boxesOf(tab.getByTestId("tab-unread"));
      const [icon] = await boxesOf(tab.locator("svg"));
      const [tabBox] = await boxesOf(tab);
      assert.ok(badge.left >= icon.left + icon.width / 2, `${lng}: the badge right of the icon's middle`);
      assert.ok(badge.right <= tabBox.right && badge.top >= tabBox.top, `${lng}: the badge inside its tab`);
      assert.ok(badge.bottom <= icon.bottom, `${lng}: the badge clear of the tab's word`);
      await shot(`3-badge-${lng}`);
    }
  });

  // the zone a list's dates are in, named once above it, level with the list under it
  await section("zone note", async () => {
    await context.addCookies([languageCookie(base, "en")]);
    for (const [path, list] of [
      ["/my_income", ".ledger-row"],
      ["/recharge", "[data-testid=deposit-list]"],
    ]) {
      await page.goto(path);
      const [note] = await boxesOf(page.locator(".zone-note"));
      const [first] = await boxesOf(page.locator(list).first());
      near(note.left, first.left, 1, `${path}: the zone note level with the list`);
    }
  });
  assert.deepEqual(problems, [], problems.join("\n"));
}
