import { useEffect, useState } from "react";

/** True once React runs in the browser: enhancements that need JavaScript render only then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A controlled input (or select) typed into before the page became interactive (a slow phone) keeps what was
 * typed: React leaves the DOM value alone while hydrating, but the next render would reset it to
 * the state, so the state takes the typed value first.
 */
export function useKeepTypedValue(inputId: string, keep: (typed: string) => void) {
  useEffect(() => {
    const typed = (document.getElementById(inputId) as HTMLInputElement | HTMLSelectElement | null)?.value;
    if (typed) keep(typed);
    // once, right after hydration: later renders own the value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
