// What the compiler refuses about answers (docs/architecture.md#answers, docs/decisions/178). Nothing here
// runs: npm run typecheck compiles it (tests/tsconfig.json), and each `@ts-expect-error` fails the check the
// day its line compiles, that is the day the rule it shows stops holding.
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Assets } from "#shared/answers/account";
import type { DepositRow } from "#shared/answers/wallet";
import { callApi } from "~/lib/api.server";
import { loadAdmin } from "~/lib/operator.server";
import { loader as playersAtRiskLoader } from "~/routes/admin.risk._index";
import type { AtRiskList } from "#shared/answers/console-insight";
import type { SerializeFrom } from "@remix-run/cloudflare";
import type { ConsoleAnswer } from "~/lib/console-action";
import type { roomAction } from "~/lib/game.server";
import type { loader as adminLoader } from "~/routes/admin";
import type { ControlDb, WalletDb } from "../../worker/db/client";
import { playersAtRisk } from "../../worker/insight/risk";

/** A presenter built as the Worker's are (worker/wallet/present.ts): its answer is the shared type. */
export function depositRowMissingItsStatus(r: { id: number; amountCents: number; createdAtMs: number }): DepositRow {
  // @ts-expect-error the answer lacks `status`, which DepositRow requires
  return { id: r.id, money: r.amountCents / 100, pay_name: "", time: r.createdAtMs, decidedAt: null, note: "" };
}

/** A route's answer checked as the Worker's routes check theirs (`ok(c, {...} satisfies Assets)`). */
export function assetsWithATextBalance() {
  return {
    // @ts-expect-error money is a wire decimal (a number), not a text
    balance: "10.00",
    withdrawable: 0,
    locked: 0,
    orders: 0,
    nextMaturity: null,
    total: 0,
  } satisfies Assets;
}

/** A loader reads the answer its path has, declared nowhere at the call. */
export async function loaderReadingAFieldTheAnswerLacks(request: Request, context: AppLoadContext) {
  const answer = await callApi(request, context, "/api/Game/getassets");
  const total: number = answer.data.total;
  // @ts-expect-error getassets answers no `frozen`
  return { total, frozen: answer.data.frozen };
}

/**
 * A real console route's loader (app/routes/admin.risk._index.tsx) answers what its path answers, declared
 * nowhere in the route: its rows are players at risk, and reading them as the players list's rows does not
 * compile. Were the loader's answer `any` again, the mistake would compile and this expectation fail.
 */
export async function riskLoaderReadAsThePlayersList(args: LoaderFunctionArgs) {
  const [first] = (await playersAtRiskLoader(args)).list;
  const name: string = first.username;
  // @ts-expect-error a player at risk has no `money` (the players list's rows have)
  const money: number = first.money;
  return { name, money };
}

/** The console's other loaders read theirs the same way. */
export async function consoleLoaderReadingAFieldTheAnswerLacks(request: Request, context: AppLoadContext) {
  const me = await loadAdmin(request, context, "/api/admin/me");
  // @ts-expect-error /api/admin/me answers id, username and role, no email
  return { id: me.id, email: me.email };
}

/**
 * The Worker's answer of the same path, built as worker/api/routes/admin-insight.ts builds it (the real
 * presenter's rows, `satisfies AtRiskList`): a row whose last interaction's time became a text is refused.
 */
export async function riskAnswerWithATextTime(control: ControlDb, shards: WalletDb[]) {
  const list = await playersAtRisk(control, shards, 0);
  const drifted = list.map((p) => ({
    ...p,
    lastInteraction: p.lastInteraction && { ...p.lastInteraction, at: new Date(p.lastInteraction.at).toISOString() },
  }));
  return {
    // @ts-expect-error a last interaction's time is ms (a number), not a text
    list: drifted,
  } satisfies AtRiskList;
}

/** A path the contract does not have is no call at all. */
export async function callToAPathNobodyAnswers(request: Request, context: AppLoadContext) {
  // @ts-expect-error "/api/Game/getassetz" is not a player call of the contract
  return callApi(request, context, "/api/Game/getassetz");
}

/**
 * The pages read an action's or a loader's answer as the action or loader declares it (docs/architecture.md#answers):
 * a console action's through `useConsoleAnswer` (ConsoleAnswer), a room's as `typeof roomAction`, the console's
 * signed-in operator as `typeof` the admin layout's loader. A field none of them answers does not compile.
 */
export function pagesReadTheirAnswers(
  consoleAnswer: ConsoleAnswer,
  room: SerializeFrom<typeof roomAction>,
  me: SerializeFrom<typeof adminLoader>,
) {
  // @ts-expect-error a console action answers `error`, not `errorText`
  const refusal: string = consoleAnswer.errorText;
  // @ts-expect-error a room's action answers `done`, `review`, `error` and `typed`, no `order`
  const order: unknown = room.order;
  // @ts-expect-error the admin layout loads the operator's id as `id`, no `operatorId`
  const id: number = me.operatorId;
  return [refusal, order, id];
}

/** An action that feeds the console's shared parts is held to ConsoleAnswer: a refusal with a number does not compile. */
export const consoleRefusalWithANumber = (): ConsoleAnswer => ({
  // @ts-expect-error a console refusal is words (a string), not a code
  error: 1200,
});
