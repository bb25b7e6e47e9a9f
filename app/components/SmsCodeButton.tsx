import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const secondsLeft = (sentAtMs: number | null, lockSeconds: number, nowMs: number) =>
  sentAtMs ? Math.max(0, Math.ceil((sentAtMs + lockSeconds * 1000 - nowMs) / 1000)) : 0;

/**
 * Sends the form with intent "sms"; then counts down the 60 s resend lock (the server enforces it too).
 * The first render counts from `renderedAtMs` (when the server answered), so the page is locked without
 * JavaScript and the server's and the browser's first render agree; the clock then takes over.
 */
export function SmsCodeButton({
  sentAtMs,
  renderedAtMs,
  lockSeconds,
}: {
  sentAtMs: number | null;
  renderedAtMs: number;
  lockSeconds: number;
}) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(() => secondsLeft(sentAtMs, lockSeconds, renderedAtMs));
  useEffect(() => {
    setSeconds(secondsLeft(sentAtMs, lockSeconds, Date.now()));
    if (!sentAtMs) return;
    const timer = setInterval(() => {
      const left = secondsLeft(sentAtMs, lockSeconds, Date.now());
      setSeconds(left);
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [sentAtMs, lockSeconds]);
  return (
    <button
      className="button secondary small"
      type="submit"
      name="intent"
      value="sms"
      formNoValidate
      disabled={seconds > 0}
    >
      {seconds > 0 ? t("register.resendIn", { seconds }) : t("register.sendCode")}
    </button>
  );
}
