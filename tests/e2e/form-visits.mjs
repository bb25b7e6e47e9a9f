// The pages that hold every form of the app, player and console, and the source files whose forms each
// page shows; `formFilesNotVisited` fails the flow when a file takes input and no page here shows it.
// `refuse` names what the server refuses (a value for one field, the submit button, the localized error
// it answers) so the flow can check what was typed survives the refusal; `noScript` says the form works
// without JavaScript too. Passwords listed in `cleared` come back empty after a refusal without
// JavaScript on purpose: the server never writes a secret back into a page.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** @typedef {{ set: Record<string, string>, submit: RegExp, error: RegExp, noScript?: boolean, cleared?: string[] }} Refusal */
/** @typedef {{ path: string | ((ids: Record<string, number>) => string), covers: string[], refuse?: Refusal }} Visit */

/** @type {Record<"guest" | "player" | "operator", Visit[]>} */
export const VISITS = {
  guest: [
    {
      path: "/login",
      covers: ["app/routes/login.tsx", "app/components/Field.tsx"],
      refuse: {
        set: { password: "not-the-password-1" },
        submit: /^Log in$/,
        error: /wrong username or password/i,
        noScript: true,
        cleared: ["password"],
      },
    },
    {
      path: "/register",
      covers: ["app/routes/register.tsx", "app/components/DialCodePicker.tsx"],
      refuse: {
        set: { spassword: "another-secret-8" },
        submit: /^Register$/,
        error: undefined,
        noScript: true,
        cleared: ["password", "spassword", "payPwd"],
      },
    },
    {
      path: "/forgot-password",
      covers: ["app/routes/forgot-password.tsx"],
      refuse: { set: {}, submit: /^reset password$/i, noScript: true, cleared: ["npasswd", "npasswd2"] },
    },
    { path: "/fairness", covers: ["app/routes/fairness.tsx"] },
    { path: "/fairness?mode=manual", covers: ["app/routes/fairness.tsx"] },
    { path: "/languageSet", covers: ["app/routes/languageSet.tsx"] },
    {
      path: "/admin/login",
      covers: ["app/routes/admin_.login.tsx"],
      refuse: {
        set: { password: "not-the-password-1" },
        submit: /^Sign in$/,
        error: /wrong|incorrect|not valid/i,
        noScript: true,
        cleared: ["password", "code"],
      },
    },
    {
      path: "/admin/enrol",
      covers: ["app/routes/admin_.enrol.tsx"],
      refuse: { set: {}, submit: /^continue$/i, noScript: true },
    },
  ],
  player: [
    {
      path: "/recharge",
      covers: [
        "app/routes/recharge.($back).tsx",
        "app/components/wallet/AmountInput.tsx",
        "app/components/wallet/PaidIntoChoice.tsx",
      ],
      refuse: { set: { money: "5" }, submit: /request deposit/i, error: /at least/i, noScript: true },
    },
    {
      path: "/withdraw",
      covers: ["app/routes/withdraw.tsx", "app/components/wallet/CardChooser.tsx"],
      refuse: {
        set: { money: "99999999", pwd: "123456" },
        submit: /^withdraw$/i,
        error: /exceeds|balance|limit/i,
        noScript: true,
        cleared: ["pwd"],
      },
    },
    {
      path: "/producttransferin?id=1",
      covers: ["app/routes/producttransferin.tsx"],
      refuse: { set: { money: "99999999" }, submit: /^continue$/i, noScript: true },
    },
    { path: "/bankadd", covers: ["app/routes/bankadd.tsx"] },
    {
      path: "/bankadd?type=USDT",
      covers: ["app/routes/bankadd.tsx"],
      refuse: {
        set: { payPwd: "123456" },
        submit: /save account/i,
        error: /address/i,
        noScript: true,
        cleared: ["payPwd"],
      },
    },
    {
      path: "/user/limits",
      covers: ["app/routes/user_.limits.tsx"],
      refuse: { set: { money: "abc" }, submit: /^save limit$/i, noScript: true },
    },
    {
      path: "/user/statement",
      // its two dates are the one date field every screen uses
      covers: ["app/routes/user_.statement.tsx", "app/components/DateInput.tsx"],
      refuse: { set: { start: "2026-11-20", end: "2026-11-01" }, submit: /^show$/i, noScript: true },
    },
    {
      path: "/my_income?range=1",
      covers: ["app/components/wallet/DateRangeSheet.tsx"],
      refuse: { set: { start: "2026-11-20", end: "2026-11-01" }, submit: /^apply$/i, noScript: true },
    },
    {
      path: "/userloginpassword",
      covers: ["app/routes/userloginpassword.tsx"],
      // refused by the password rule before the current password is tried (no wrong-password count)
      refuse: { set: {}, submit: /^save$/i, error: /letters and digits/i },
    },
    {
      path: "/usercipherpassword",
      covers: ["app/routes/usercipherpassword.tsx"],
      // the sample password is not six digits: refused by its rule, before the current one is tried
      refuse: { set: {}, submit: /^save$/i, noScript: true, cleared: ["srcpwd", "newpwd", "newpwd2"] },
    },
    {
      // a Big & Small room of the flow's own, whose long rounds are open for bets nearly all the time
      path: (ids) => `/activity/${ids.room}`,
      covers: ["app/components/game/BetSlip.tsx", "app/components/game/OptionGrid.tsx"],
      // an order past the balance; the click waits for betting to open if the round is closing, and the page
      // without JavaScript (rendered once, its buy button there only while betting is open) is fetched in a
      // round with time to bet (`bettingIn` names the room among the flow's ids)
      refuse: { set: { amount: "99999999" }, submit: /^buy$/i, noScript: true, bettingIn: "room" },
    },
  ],
  operator: [
    { path: "/admin", covers: ["app/components/admin/DecisionForm.tsx"] },
    { path: "/admin/rooms", covers: ["app/routes/admin.rooms._index.tsx"] },
    {
      path: "/admin/rooms/1",
      covers: ["app/routes/admin.rooms.$id.tsx", "app/components/admin/RoomFields.tsx"],
      refuse: { set: { rate: "abc" }, submit: /^save$/i, noScript: true },
    },
    {
      path: "/admin/rooms/new?game=1",
      covers: ["app/routes/admin.rooms.new.tsx"],
      refuse: { set: { rate: "abc" }, submit: /^create room$/i, noScript: true },
    },
    {
      path: "/admin/settings",
      covers: [
        "app/routes/admin.settings/route.tsx",
        "app/routes/admin.settings/TextField.tsx",
        "app/routes/admin.settings/PayeeFields.tsx",
        "app/routes/admin.settings/CoinPayoutFields.tsx",
        "app/routes/admin.settings/VipFields.tsx",
      ],
      refuse: { set: { withdraw_daily_cap: "abc" }, submit: /^save settings$/i, noScript: true },
    },
    {
      path: "/admin/finance",
      covers: ["app/routes/admin.finance.tsx"],
      refuse: { set: { rate: "abc" }, submit: /^save tier$/i, noScript: true },
    },
    {
      path: "/admin/content/new?group=9",
      covers: ["app/routes/admin.content.$id.tsx"],
      refuse: { set: { sort: "abc" }, submit: /^save$/i, noScript: true },
    },
    { path: "/admin/banners", covers: ["app/routes/admin.banners/BannerForm.tsx"] },
    { path: "/admin/players", covers: ["app/routes/admin.players._index.tsx"] },
    {
      path: ({ player }) => `/admin/players/${player}`,
      covers: ["app/routes/admin.players.$id/AdjustForm.tsx"],
      refuse: { set: { money: "abc" }, submit: /^apply$/i, noScript: true },
    },
    { path: ({ player }) => `/admin/risk/${player}`, covers: ["app/routes/admin.risk.$id.tsx"] },
    {
      path: "/admin/operators",
      covers: ["app/routes/admin.operators/NewOperatorForm.tsx", "app/routes/admin.operators/RoleSelect.tsx"],
      // a name taken already: the server refuses it (the browser checks only its shape)
      refuse: { set: { username: "admin2" }, submit: /^create operator$/i, noScript: true },
    },
    { path: "/admin/password", covers: ["app/routes/admin.password.tsx"] },
    {
      path: "/admin/history?kind=withdrawals",
      covers: ["app/components/admin/HistoryFilters.tsx"],
      refuse: { set: { min: "abc" }, submit: /^show$/i, noScript: true },
    },
    { path: "/admin/audit", covers: ["app/routes/admin.audit.tsx"] },
    { path: "/admin/books", covers: ["app/routes/admin.books.tsx"] },
    { path: "/admin/exports", covers: ["app/routes/admin.exports.tsx"] },
    { path: "/admin/insight", covers: ["app/routes/admin.insight.tsx"] },
  ],
};

/** Files that take input and are not visited above, each with why. */
const NOT_VISITED = {
  "app/components/admin/ConfirmPanel.tsx":
    "its one checkbox (a repeat's acknowledgement) is part of a confirm step the server answers after a submit, never of a page as it loads",
};

const TAKES_INPUT = /<select\b|<textarea\b|<Field\b|<DateInput\b|<AmountInput\b|<DialCodePicker\b|<RoomFields\b/;

/** True when the source has a control a person sets: any of the above, or an input that is not hidden. */
function takesInput(source) {
  if (TAKES_INPUT.test(source)) return true;
  for (const at of source.matchAll(/<input\b/g)) {
    const tag = source.slice(at.index, source.indexOf("/>", at.index));
    if (!/type="(hidden|submit|button|reset|image)"/.test(tag)) return true;
  }
  return false;
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** Source files of the app with a control a person sets that no visit covers and no reason skips. */
export function formFilesNotVisited() {
  const visited = new Set(Object.values(VISITS).flatMap((visits) => visits.flatMap((v) => v.covers)));
  return sources("app")
    .filter((path) => takesInput(readFileSync(path, "utf8")))
    .filter((path) => !visited.has(path) && !NOT_VISITED[path]);
}

/** Files the visits name that take no input (a stale entry): the list must stay true. */
export function visitedFilesWithoutInput() {
  const covered = new Set(Object.values(VISITS).flatMap((visits) => visits.flatMap((v) => v.covers)));
  return [...covered].filter((path) => !takesInput(readFileSync(path, "utf8")));
}
