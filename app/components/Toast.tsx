import { useEffect, useState } from "react";

/** A short message at the top; without JavaScript it simply stays on the page. */
export function Toast({ message, tone = "info" }: { message: string; tone?: "info" | "warning" }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), 2500);
    return () => clearTimeout(timer);
  }, [message]);
  if (!visible) return null;
  return (
    <div className={`toast toast-${tone}`} role={tone === "warning" ? "alert" : "status"}>
      {message}
    </div>
  );
}
