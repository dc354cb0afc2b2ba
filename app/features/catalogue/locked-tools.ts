/**
 * The member links a signed-in user who has not paid sees locked (docs/product.md §2 navigation): each leads
 * to the plan page with `?locked=<key>`, and the plan page names the tool they tried to open
 * instead of bouncing them there silently. Only these keys are ever shown, never the raw parameter.
 */
export const LOCKED_TOOLS = {
  dashboard: { path: "/dashboard", name: "the training dashboard" },
  "app-builder": { path: "/app-builder", name: "the AI App Builder" },
  "app-idea-generator": { path: "/app-idea-generator", name: "the SaaS Idea Generator" },
  bonuses: { path: "/bonuses", name: "the Premium Bonuses" },
} as const;
export type LockedToolKey = keyof typeof LOCKED_TOOLS;

/**
 * The member tools the free starter product opens (decision 054): the dashboard with its starter
 * courses, and the idea generator. A starter-only account sees the others locked.
 */
export const STARTER_TOOLS: readonly LockedToolKey[] = ["dashboard", "app-idea-generator"];

export const LOCKED_PARAM = "locked";

/** The key of the member tool at `path` (a nav link's target), or null for a page anyone may open. */
export function lockedToolKey(path: string): LockedToolKey | null {
  const entry = Object.entries(LOCKED_TOOLS).find(([, tool]) => tool.path === path);
  return entry ? (entry[0] as LockedToolKey) : null;
}

/** Where a locked link leads: the plan page, told which tool was asked for. */
export function lockedHref(key: LockedToolKey): string {
  return `/payment-options?${new URLSearchParams({ [LOCKED_PARAM]: key })}`;
}

/** The plan page's line for `?locked=`, or null when the parameter names no member tool. */
export function lockedNotice(raw: string | null): string | null {
  if (raw === null || !Object.hasOwn(LOCKED_TOOLS, raw)) return null;
  const { name } = LOCKED_TOOLS[raw as LockedToolKey];
  return `You tried to open ${name}. It is part of lifetime access: get lifetime access below to unlock it, with every other member tool.`;
}
