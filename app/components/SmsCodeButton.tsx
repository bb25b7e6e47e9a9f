import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Sends the form with intent "sms"; then counts down the 60 s resend lock (the server enforces it too). */
export function SmsCodeButton({ sentAtMs, lockSeconds }: { sentAtMs: number | null; lockSeconds: number }) {
  const { t } = useTranslation();
  const remaining = () => (sentAtMs ? Math.max(0, Math.ceil((sentAtMs + lockSeconds * 1000 - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(remaining());
    if (!sentAtMs) return;
    const timer = setInterval(() => {
      const left = remaining();
      setSeconds(left);
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // remaining() reads only sentAtMs and lockSeconds
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentAtMs]);
  return (
    <button className="button secondary small" type="submit" name="intent" value="sms" formNoValidate disabled={seconds > 0}>
      {seconds > 0 ? t("register.resendIn", { seconds }) : t("register.sendCode")}
    </button>
  );
}
