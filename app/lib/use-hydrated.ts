import { useEffect, useState } from "react";

/** True once React runs in the browser: enhancements that need JavaScript render only then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
