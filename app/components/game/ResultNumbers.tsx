import { useTranslation } from "react-i18next";
import type { RoundResult } from "#shared/rounds";
import { resultText } from "~/lib/game-labels";
import { voidReasonText } from "~/lib/void-reason";

const RACING = 4;

/** A void round as void with its reason; a drawn round's drawn numbers as balls (Racing 10: the ten cars in finishing order), its sum and its result words. */
export function ResultNumbers({
  result,
  gameType,
  withText = true,
}: {
  result: RoundResult;
  gameType: number;
  withText?: boolean;
}) {
  const { t } = useTranslation("game");
  if (result.status === "void") {
    return (
      <div className="result void">
        <span className="result-void">{t("result.void")}</span>
        {withText && result.voidReason ? <span className="result-text">{voidReasonText(t, result)}</span> : null}
      </div>
    );
  }
  const numbers = result.numbers?.length ? result.numbers : [result.num1, result.num2, result.num3];
  return (
    <div className="result">
      <span
        className={`balls${gameType === RACING ? " cars" : ""}`}
        aria-label={t("result.numbers", { numbers: numbers.join(", ") })}
      >
        {numbers.map((n, i) => (
          <span key={i} className={gameType === RACING ? `car car-${n}` : "ball"}>
            {n}
          </span>
        ))}
      </span>
      <span className="result-sum">
        {t(gameType === RACING ? "result.sumRacing" : "result.sum", { sum: result.sum })}
      </span>
      {withText ? <span className="result-text">{resultText(t, result.resultKeys ?? [], gameType)}</span> : null}
    </div>
  );
}
