import { useActionData } from "@remix-run/react";
import type { action } from "./route";

/** What the refused save posted for a field (its i-th value), or what the settings hold. */
export function useTypedBack() {
  const answer = useActionData<typeof action>();
  const typed = answer && "typedSettings" in answer ? answer.typedSettings : undefined;
  return (name: string, fallback: string, i = 0) => typed?.[name]?.[i] ?? fallback;
}
