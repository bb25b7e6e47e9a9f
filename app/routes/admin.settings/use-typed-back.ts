import { useActionData } from "@remix-run/react";

/** What the refused save posted for a field (its i-th value), or what the settings hold. */
export function useTypedBack() {
  const typed = useActionData<{ typed?: Record<string, string[]> }>()?.typed;
  return (name: string, fallback: string, i = 0) => typed?.[name]?.[i] ?? fallback;
}
