import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One submit at a time: disabled from the moment a form posts until its answer has loaded. */
export function SubmitButton({
  children,
  name,
  value,
  className = "button",
  disabled = false,
}: {
  children: ReactNode;
  /** not offered at all (what it would confirm is not known yet) */
  disabled?: boolean;
  name?: string;
  value?: string;
  className?: string;
}) {
  const { t } = useTranslation("wallet");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <button
      className={className}
      type="submit"
      name={name}
      value={value}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? t("submitting") : children}
    </button>
  );
}
