import { useFetcher } from "@remix-run/react";
import { Icon } from "~/platform/ui/icon";
import { useHydrated } from "~/platform/hooks/use-hydrated";
import { submittedText } from "~/platform/forms/form-value";

type ProgressActionData = { ok: true } | { ok: false; error: string };

const primary =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium text-slate-700 underline underline-offset-2 hover:bg-slate-100 disabled:opacity-60";

/**
 * One primary action (issue 30): 'Complete and continue', or 'Complete course' where completing
 * this chapter finishes the course; 'Mark as complete' (stay here) is the secondary action. Once
 * done: 'Completed' with 'Mark as not complete'. One POST form: without JavaScript it posts and the server redirects back (or on to the
 * next chapter); with JavaScript a fetcher posts it, asks for data instead of a redirect, and the
 * page's data reloads in place. 'Complete and continue' always answers with a redirect, which a
 * fetcher follows as a client-side navigation. The button shows the new state while it posts.
 */
export function ChapterProgressForm({
  courseId,
  chapterId,
  completed,
  completesCourse,
  error,
}: {
  courseId: string;
  chapterId: string;
  completed: boolean;
  completesCourse: boolean;
  error?: string | null;
}) {
  const fetcher = useFetcher<ProgressActionData>({ key: `chapter-progress-${chapterId}` });
  const hydrated = useHydrated();
  const pendingIntent = submittedText(fetcher.formData, "intent");
  const shown = pendingIntent === "incomplete" ? false : pendingIntent ? true : completed;
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data.error : error;

  return (
    <fetcher.Form method="post" action={`/course/${courseId}`} className="space-y-3" preventScrollReset>
      <input type="hidden" name="chapterId" value={chapterId} />
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {shown ? (
          <>
            <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
              <Icon name="check" className="h-5 w-5" />
              Completed
            </p>
            <button
              type="submit"
              name="intent"
              value="incomplete"
              className={secondary}
              disabled={fetcher.state !== "idle"}
            >
              Mark as not complete
            </button>
          </>
        ) : (
          <>
            <button
              type="submit"
              name="intent"
              value="complete-and-continue"
              className={primary}
              disabled={fetcher.state !== "idle"}
            >
              {completesCourse ? "Complete course" : "Complete and continue"}
            </button>
            <button
              type="submit"
              name="intent"
              value="complete"
              className={secondary}
              disabled={fetcher.state !== "idle"}
            >
              Mark as complete
            </button>
          </>
        )}
      </div>
    </fetcher.Form>
  );
}
