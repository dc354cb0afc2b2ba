import { useEffect, useState } from "react";

let hydrated = false;

/**
 * False during the server render and the first browser render (so hydration matches), true
 * afterwards. Controls that only work with JavaScript switch on with it.
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}
