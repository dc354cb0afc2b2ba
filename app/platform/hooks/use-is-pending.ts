import { useFormAction, useNavigation } from "@remix-run/react";
import { submittedText } from "../forms/form-value";

/**
 * True while a form of this page is on its way: posted to `formAction` (by default this route's
 * own action; the query string does not count, so `/login?redirect=...` is still `/login`) and,
 * when given, carrying this `intent`. `state: "submitting"` leaves out the page load that follows
 * the action. Drives pending labels with JavaScript; without it the browser shows its own progress.
 */
export function useIsPending({
  formAction,
  intent,
  state = "non-idle",
}: { formAction?: string; intent?: string; state?: "non-idle" | "submitting" } = {}): boolean {
  const navigation = useNavigation();
  const ownAction = useFormAction();
  const inState = state === "submitting" ? navigation.state === "submitting" : navigation.state !== "idle";
  if (!inState || navigation.formAction === undefined) return false;
  if (intent !== undefined) return submittedText(navigation.formData, "intent") === intent;
  return pathOf(navigation.formAction) === pathOf(formAction ?? ownAction);
}

const pathOf = (action: string) => action.split("?")[0];
