// The round and bet shapes of the game API (docs/architecture.md#the-contract), defined once: the Worker
// builds them (worker/room/round-view.ts) and the room screens read them (app/lib/game.ts).

/** A drawn or voided round as getGameinfo's `his`, getRecord and the socket's "draw" message send it. */
export type RoundResult = {
  id: number;
  seqno: number;
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
  numbers: number[];
  resultcn: string;
  resultKeys: string[];
  commit: string;
  seed: string | null;
  /** When betting closed: the beacon round must be the first one produced after it (docs/decisions/130). */
  closeAt: number;
  drawAt: number;
  /** open | settled | void: a void round was not drawn and every stake in it was refunded */
  status: string;
  voidReason: string | null;
  /**
   * An operator's void: the key of the preset reason they chose (common:presets), which players read in
   * their own language; the operator's own words stay in the console. null otherwise.
   */
  voidPreset: string | null;
  /**
   * The public beacon round mixed into the draw: named at open; its signature and randomness once the
   * room fetched and verified it. null: the round was drawn by commit-reveal only (docs/decisions/130).
   */
  beacon: { chain: string | null; round: number; signature: string | null; randomness: string | null } | null;
};

/** The round in play as getGameinfo's `game` (without the player's balance) and the socket's "round". */
export type CurrentRound = {
  id: number;
  seqno: number;
  gametype: number;
  commit: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
  /** waiting: past its draw time, the room waits for the beacon round it named (docs/decisions/130) */
  status: "open" | "closed" | "waiting";
  /** The beacon round the draw will use, named at open; null: commit-reveal only. */
  beacon: { chain: string | null; round: number } | null;
};

/** One row of the room's live table (getVorder and the socket's "bet" message): username masked by the server. */
export type LiveBet = {
  id: number;
  orderId: number;
  value: number;
  valuecn: string;
  rate: number;
  money: number;
  seqno: number;
  username: string;
};
