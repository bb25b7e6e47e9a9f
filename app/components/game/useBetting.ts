import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_OPTIONS_PER_ORDER } from "#shared/rooms";
import { encodePick, orderProblem, parseStake, type LiveBet, type OrderProblem } from "~/lib/game";
import type { Done, OrderReview, RoomActionAnswer } from "~/lib/answers/room";
import type { GameInfo } from "#shared/answers/games";
import type { CurrentRound } from "#shared/rounds";

export type Notice = { message: string; tone: "info" | "warning" };

type Options = {
  info: GameInfo;
  game: CurrentRound;
  open: boolean;
  balance: number;
  onDone: (done: Done) => void;
  notify: (notice: Notice) => void;
};

/**
 * The buy flow with JavaScript (docs/product.md#how-screens-behave): pick options, enter an amount, buy, confirm, pay through a
 * fetcher; then the picks and amount clear. Following a bet picks only that option. Everything is
 * refused on the device too once the round has closed; the server refuses again (1029).
 */
export function useBetting({ info, game, open, balance, onDone, notify }: Options) {
  const { t } = useTranslation(["game", "errors"]);
  // without JavaScript a refused review is a new page: it starts from what the player had picked and typed
  const refused = useActionData<RoomActionAnswer>()?.typed;
  const [picked, setPicked] = useState<number[]>(() => (refused?.options ?? []).map(Number));
  const [amount, setAmount] = useState(refused?.amount ?? "");
  const [review, setReview] = useState<OrderReview | null>(null);
  const [error, setError] = useState<{ field: "option" | "amount" | null; message: string } | null>(null);
  const orderFetcher = useFetcher<RoomActionAnswer>();
  const cancelFetcher = useFetcher<RoomActionAnswer>();

  useEffect(() => {
    // Options tapped before the page became interactive (a slow phone) stay picked.
    const early = document.querySelectorAll<HTMLInputElement>('.bet-form input[name="option"]:checked');
    if (early.length) setPicked([...early].map((input) => Number(input.value)).slice(0, MAX_OPTIONS_PER_ORDER));
  }, []);

  const stopped = () => notify({ message: t("game:round.stopped"), tone: "warning" });

  const problemText = (problem: OrderProblem): { field: "option" | "amount"; message: string } => {
    switch (problem.reason) {
      case "select":
        return { field: "option", message: t("game:order.pickOne") };
      case "tooMany":
        return { field: "option", message: t("game:order.tooMany", { max: MAX_OPTIONS_PER_ORDER }) };
      case "amount":
        return { field: "amount", message: t("game:order.badAmount") };
      case "minbuy":
        return { field: "amount", message: t("errors:1024", { num: problem.num }) };
      case "balance":
        return { field: "amount", message: t("errors:1025") };
    }
  };

  const toggle = (index: number) => {
    setError(null);
    if (picked.includes(index)) return setPicked(picked.filter((i) => i !== index));
    if (picked.length >= MAX_OPTIONS_PER_ORDER) return setError(problemText({ reason: "tooMany" }));
    setPicked([...picked, index]);
  };

  const startReview = (indexes: number[], amountText: string) => {
    if (!open) return stopped();
    const problem = orderProblem(indexes.length, amountText, info.room.minbuy, balance);
    if (problem) return setError(problemText(problem));
    const stake = parseStake(amountText)!;
    const options = info.options.filter((option) => indexes.includes(option.index));
    setError(null);
    setReview({
      gameid: game.id,
      seqno: game.seqno,
      amount: stake,
      total: stake * options.length,
      picks: options.map((option) => ({ ...option, pick: encodePick(option) })),
      requestId: crypto.randomUUID(),
    });
  };

  const follow = (bet: LiveBet) => {
    const stake = String(Math.floor(bet.money));
    setPicked([bet.value]);
    setAmount(stake);
    startReview([bet.value], stake);
  };

  const pay = (form: FormData) => {
    if (!open) {
      setReview(null);
      return stopped();
    }
    form.set("js", "1");
    orderFetcher.submit(form, { method: "post" });
  };

  const cancel = (form: FormData) => {
    if (!open) return stopped();
    form.set("js", "1");
    cancelFetcher.submit(form, { method: "post" });
  };

  // A confirm popup belongs to its round: when the next round opens, it would only be refused (1029).
  useEffect(() => setReview((shown) => (shown && shown.gameid !== game.id ? null : shown)), [game.id]);

  useEffect(() => {
    const answer = orderFetcher.data;
    if (!answer || orderFetcher.state !== "idle") return;
    setReview(null);
    if (answer.done) {
      setPicked([]);
      setAmount("");
      onDone(answer.done);
    } else if (answer.error) {
      const { field, message } = answer.error;
      if (field === "amount" || field === "option") setError({ field, message });
      else notify({ message, tone: "warning" });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderFetcher.data, orderFetcher.state]);

  useEffect(() => {
    const answer = cancelFetcher.data;
    if (!answer || cancelFetcher.state !== "idle") return;
    if (answer.done) onDone({ ...answer.done, orderId: null });
    // docs/product.md#errors: a failed cancel shows the message with its code.
    else if (answer.error) notify({ message: `${answer.error.message} (${answer.error.code})`, tone: "warning" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cancelFetcher.data, cancelFetcher.state]);

  return {
    picked: new Set(picked),
    pickedCount: picked.length,
    amount,
    setAmount: (value: string) => {
      setError(null);
      setAmount(value);
    },
    toggle,
    review,
    closeReview: () => setReview(null),
    submitReview: () => startReview(picked, amount),
    follow,
    pay,
    paying: orderFetcher.state !== "idle",
    error,
    cancel,
    cancelFetcher,
  };
}
