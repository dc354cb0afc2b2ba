import { useRouteLoaderData } from "@remix-run/react";
// Type-only: the hook knows the root loader's shape without importing the route module (no cycle).
import type { loader } from "~/root";

export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/** The root loader's data (the signed-in user, consent, brand) from any component. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
