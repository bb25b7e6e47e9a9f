import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { formatDecimal } from "./number-format";
import type { ApiAnswer } from "#shared/api-types";
import type { z } from "zod";
import { askToConfirm, consoleMoney } from "./console-confirm.server";
import { consoleFieldErrors } from "./console-fields.server";
import type { ConsoleAnswer, FieldErrors } from "./answers/console";
import { MAX_ROOM_AMOUNT_CENTS, MAX_ROUND_SECONDS, MIN_ROUND_SECONDS } from "#shared/forms/rooms";

/**
 * A refused room save as the console shows it: odds above the confirm level ask for the confirm step
 * naming the figure (1178), losing odds (1177) stand under the odds table, anything else above the form.
 */
export function roomRefusal(
  answer: ApiAnswer,
  form: FormData,
  confirmButton: string,
  typedRoom: ConsoleAnswer["typedRoom"],
) {
  const code = Number(answer.data?.errCode ?? 0);
  if (code === 1178) return askToConfirm(form, { message: answer.info, button: confirmButton });
  // the refused room comes back as typed (app/components/admin/RoomFields.tsx)
  const refused =
    code === 1177
      ? { error: null, oddsError: answer.info, confirm: null, typedRoom }
      : { error: answer.info, oddsError: null, confirm: null, typedRoom };
  return data(refused satisfies ConsoleAnswer, { status: 400 });
}

/** Every room field the form gets wrong, each saying its range (money in the console's currency). */
export async function roomFieldErrors(
  request: Request,
  context: AppLoadContext,
  t: (key: string, values?: Record<string, unknown>) => string,
  schema: z.ZodType,
  body: Record<string, unknown>,
): Promise<FieldErrors | null> {
  const money = await consoleMoney(context);
  const most = money(MAX_ROOM_AMOUNT_CENTS / 100);
  return consoleFieldErrors(
    request,
    schema,
    body,
    {
      title: t("fields.text", { max: 80 }),
      minjoin: t("fields.money", { min: money(0), max: most }),
      minbuy: t("fields.money", { min: money(0.01), max: most }),
      minLevel: t("fields.whole", { min: 1, max: 8 }),
      roundSeconds: t("fields.seconds", { min: MIN_ROUND_SECONDS, max: formatDecimal(MAX_ROUND_SECONDS, 0, 0) }),
      closeSeconds: t("fields.closeSeconds", { min: 0 }),
      rates: t("fields.odds", { min: "1.001", max: "1,000.000" }),
    },
    Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`rates.${i}`, `rate.${i}`])),
  );
}
