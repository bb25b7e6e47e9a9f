// The fairness page's inputs (a room and round number, or a seed and commit typed by hand), checked
// before anything is computed so a typo gets a clear message instead of a confusing "not verified".

import { isGameType, type GameType } from "#shared/games/options";

export type FairnessField = "room" | "seqno" | "gametype" | "seed" | "commit";
export type FairnessErrors = Partial<Record<FairnessField, string>>;

const HEX64 = /^[0-9a-f]{64}$/;

function roomOf(value: string): number | null {
  return /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function seqnoOf(value: string): string | null {
  return /^\d{1,20}$/.test(value) ? value : null;
}

export type Lookup = { room: number; seqno: string };

/** room + seqno of a published round; null when neither was given (the empty form). */
export function parseLookup(params: URLSearchParams): { lookup: Lookup | null; errors: FairnessErrors } {
  const roomText = (params.get("room") ?? "").trim();
  const seqnoText = (params.get("seqno") ?? "").trim();
  if (!roomText && !seqnoText) return { lookup: null, errors: {} };
  const room = roomOf(roomText);
  const seqno = seqnoOf(seqnoText);
  const errors: FairnessErrors = {};
  if (room === null) errors.room = "room";
  if (seqno === null) errors.seqno = "seqno";
  return { lookup: room !== null && seqno !== null ? { room, seqno } : null, errors };
}

export type ManualCheck = Lookup & { gameType: GameType; seed: string; commit: string };

/** A seed and commit checked by hand: 64 lowercase hex characters each, as the room publishes them. */
export function parseManual(params: URLSearchParams): { manual: ManualCheck | null; errors: FairnessErrors } {
  const { lookup, errors } = parseLookup(params);
  const gameType = Number(params.get("gametype"));
  const seed = (params.get("seed") ?? "").trim();
  const commit = (params.get("commit") ?? "").trim();
  if (!lookup && !params.get("seed") && !params.get("commit")) return { manual: null, errors: {} };
  if (!lookup && Object.keys(errors).length === 0) Object.assign(errors, { room: "room", seqno: "seqno" });
  if (!isGameType(gameType)) errors.gametype = "gametype";
  if (!HEX64.test(seed)) errors.seed = "hex";
  if (!HEX64.test(commit)) errors.commit = "hex";
  if (Object.keys(errors).length > 0 || !lookup) return { manual: null, errors };
  return { manual: { ...lookup, gameType: gameType as GameType, seed, commit }, errors };
}
