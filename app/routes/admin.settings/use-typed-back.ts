import { useActionData } from "@remix-run/react";
import type { SettingsAnswer } from "./answer";

/** What the refused save posted for a field (its i-th value), or what the settings hold. */
export function useTypedBack() {
  const typed = useActionData<SettingsAnswer>()?.typedSettings;
  return (name: string, fallback: string, i = 0) => typed?.[name]?.[i] ?? fallback;
}
