import * as z from "zod";
import { ROOM_KINDS, ROOM_LOCATION_HINTS } from "../rooms";
import { integerId } from "../fields";

// A room as the operator edits or creates it (docs/product.md#operators); messages are catalogue codes.
export const MIN_ROUND_SECONDS = 10;
export const MAX_ROUND_SECONDS = 86_400;
export const MAX_ROOM_AMOUNT_CENTS = 100_000_000_00;

const cents = () =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/, "1127"),
      ],
      { error: "1127" },
    )
    .transform((v) => Math.round(Number(v) * 100))
    .pipe(z.number().int("1127").min(0, "1127").max(MAX_ROOM_AMOUNT_CENTS, "1127"));
const seconds = () =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim().regex(/^\d+$/, "1127")], { error: "1127" })
    .transform((v) => (v === "" || v === null ? null : Number(v)));
const oddsMilli = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,3})?$/, "1127"),
    ],
    { error: "1127" },
  )
  .transform((v) => Math.round(Number(v) * 1000))
  .pipe(z.number().int("1127").min(1001, "1127").max(1_000_000, "1127"));

const roomFields = z.object({
  title: z.string({ error: "1127" }).trim().min(1, "1127").max(80, "1127"),
  kind: z.enum(ROOM_KINDS, { error: "1127" }),
  minjoin: cents(),
  minbuy: cents().pipe(z.number().min(1, "1127")),
  minLevel: z
    .union([z.number(), z.string().regex(/^\d$/, "1127")], { error: "1127" })
    .transform(Number)
    .pipe(z.number().int("1127").min(1, "1127").max(8, "1127")),
  roundSeconds: seconds(),
  closeSeconds: seconds(),
  trading: z
    .union([z.boolean(), z.enum(["0", "1", "on", "off"])], { error: "1127" })
    .transform((v) => v === true || v === "1" || v === "on"),
  rates: z.array(oddsMilli, { error: "1127" }).min(1, "1127").max(64, "1127"),
  // "" = no hint (Cloudflare places the object near its first caller); absent = unchanged
  locationHint: z.union([z.literal(""), z.enum(ROOM_LOCATION_HINTS)], { error: "1127" }).optional(),
  // the operator confirmed odds whose return is above odds_confirm_rtp_ppm (the console's second step)
  rtp_confirmed: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "1" || v === "yes"),
});

function timingIsSane(f: { roundSeconds: number | null; closeSeconds: number | null }, ctx: z.RefinementCtx) {
  const round = f.roundSeconds;
  if (round !== null && (round < MIN_ROUND_SECONDS || round > MAX_ROUND_SECONDS))
    ctx.addIssue({ code: "custom", message: "1127", path: ["roundSeconds"] });
  if (f.closeSeconds !== null && (round === null || f.closeSeconds >= round))
    ctx.addIssue({ code: "custom", message: "1127", path: ["closeSeconds"] });
}

export const roomForm = roomFields.extend({ id: integerId() }).superRefine(timingIsSane);

/** A new room: a game and a currency tab (1 USDT, 2 BTC, 3 ETH) besides the settings of an edit. */
export const newRoomForm = roomFields
  .extend({
    gameId: integerId(),
    roomtype: z
      .union([z.number(), z.string().trim()], { error: "1127" })
      .transform(Number)
      .pipe(z.number().int("1127").min(1, "1127").max(3, "1127")),
  })
  .superRefine(timingIsSane);
