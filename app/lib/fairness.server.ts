import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { callApi } from "~/lib/api.server";
import type { BeaconVerdict, CheckedRound } from "~/lib/fairness-browser";
import { parseLookup, parseManual } from "~/lib/game-fairness";
import { isGameType } from "#shared/games/options";
import { commitOf, fromHex, verifyRound } from "#shared/games/fairness";
import { type BeaconChain, checkRoundBeacon, testChain } from "#shared/games/beacon";

/** The chains this deployment can verify beside quicknet (the tests' local beacon only; worker/config.ts). */
async function extraChains(
  key: string | null,
): Promise<{ chains: Record<string, BeaconChain>; testKey: string | null }> {
  if (!key) return { chains: {}, testKey: null };
  const chain = await testChain(key);
  return { chains: { [chain.chainHash]: chain }, testKey: key };
}

/** Public: anyone checks a past round from its published seed, or a seed and commit by hand. */
export async function loadFairness({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const mode = params.get("mode") === "manual" ? "manual" : "lookup";
  const { rule, testPublicKey } = context.drawRule;
  // docs/decisions/130: demo mode says whether its draws mix in the beacon; proxy mode's rule is the upstream's.
  // Where this site draws every round with the beacon, a drawn round without one is not verified.
  const requireBeacon = rule === "beacon";
  const { chains, testKey } = await extraChains(testPublicKey);
  const values = Object.fromEntries(
    ["room", "seqno", "gametype", "seed", "commit"].map((k) => [k, params.get(k) ?? ""]),
  );
  if (mode === "manual") {
    const { manual, errors } = parseManual(params);
    if (!manual) return { mode, rule, testKey, values, errors, pending: null, failed: null, checked: null };
    const round: CheckedRound = {
      roomId: manual.room,
      seqno: manual.seqno,
      gameType: manual.gameType,
      commit: manual.commit,
      seed: manual.seed,
      numbers: null,
      closeAt: null,
      beacon: null,
    };
    const verification = await verifyRound({
      seedHex: round.seed,
      commit: round.commit,
      roomId: round.roomId,
      seqno: round.seqno,
      gameType: round.gameType,
    });
    // By hand: the seed and commitment only, whatever the rule (no beacon is typed in).
    return {
      mode,
      rule,
      testKey,
      values,
      errors,
      pending: null,
      failed: null,
      checked: { round, verification, beacon: null, requireBeacon: false },
    };
  }
  const { lookup, errors } = parseLookup(params);
  if (!lookup) return { mode, rule, testKey, values, errors, pending: null, failed: null, checked: null };
  const answer = await callApi(request, context, "/api/Game/getround", {
    roomid: lookup.room,
    seqno: lookup.seqno,
  });
  if (answer.code !== 1)
    return { mode, rule, testKey, values, errors, pending: null, failed: answer.info, checked: null };
  const published = answer.data;
  if (published.status === "void") {
    // A void round publishes its seed too (when the room still had it): its commitment can be checked.
    const seed = published.seed ?? null;
    const commitOk = seed
      ? await Promise.resolve(seed)
          .then((s) => commitOf(fromHex(s)))
          .then(
            (c) => c === published.commit,
            () => false,
          )
      : null;
    const voided = {
      seqno: String(published.seqno),
      commit: published.commit,
      reason: published.voidReason ?? null,
      preset: published.voidPreset ?? null,
      seed,
      commitOk,
    };
    return { mode, rule, testKey, values, errors, pending: null, voided, failed: null, checked: null };
  }
  if (!published.seed || !isGameType(published.gametype)) {
    const pending = {
      seqno: String(published.seqno),
      commit: published.commit,
      beaconRound: published.beacon?.round ?? null,
    };
    return { mode, rule, testKey, values, errors, pending, failed: null, checked: null };
  }
  const round: CheckedRound = {
    roomId: published.roomid,
    seqno: String(published.seqno),
    gameType: published.gametype,
    commit: published.commit,
    seed: published.seed,
    numbers: published.numbers,
    closeAt: typeof published.closeAt === "number" ? published.closeAt : null,
    beacon: published.beacon ?? null,
  };
  const check = await checkRoundBeacon(round, chains, requireBeacon);
  const beaconRandomness = check?.ok ? check.randomness : null;
  const verification = await verifyRound({
    seedHex: round.seed,
    commit: round.commit,
    roomId: round.roomId,
    seqno: round.seqno,
    gameType: round.gameType,
    numbers: round.numbers ?? undefined,
    beaconRandomness,
  });
  const beacon: BeaconVerdict | null = check && {
    ok: check.ok,
    problem: check.ok ? null : check.problem,
    expectedRound: check.ok ? null : (check.expectedRound ?? null),
  };
  return {
    mode,
    rule,
    testKey,
    values,
    errors,
    pending: null,
    failed: null,
    checked: {
      round,
      verification: beacon?.ok === false ? { ...verification, ok: false } : verification,
      beacon,
      requireBeacon,
    },
  };
}
