import Bowser from "bowser";

/**
 * A readable device for a session or a sign-in notice: "Chrome on macOS", "Safari on iOS".
 * Unknown parts are said plainly rather than guessed.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser && !os) return "Unknown device";
  return `${browser || "Unknown browser"} on ${os || "an unknown system"}`;
}
