import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import quillStyles from "react-quill-new/dist/quill.snow.css";
import chapterStyles from "~/styles/chapter-content.css";
import { AdminNav } from "~/platform/ui/admin/admin-page";
import { AdminWorkspace } from "~/features/learning/admin-workspace";
import { CourseList } from "~/features/learning/course-list";
import { adminHref, parseAdminView } from "~/features/learning/admin-view";
import { adminMessages } from "~/features/learning/admin-messages";
import { chapterDraftSchema } from "~/features/learning/course-forms";
import { parse } from "zod/v4/core";
import { primaryButton } from "~/platform/ui/admin/form-controls";
import { FlashMessage } from "~/platform/ui/flash-message";
import { handleAdminAction, type ChapterFormFailure } from "~/features/learning/index.server";
import { isNetworkFailure, skipRevalidationIfUnreachable, type Unreachable } from "~/platform/unreachable";
import { takeFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { env } from "~/platform/env.server";
import { listChapterAttachments } from "~/features/files/index.server";
import {
  getChapter,
  getCourseOutline,
  listCourses,
  chapterEngagement,
  courseEngagement,
} from "~/features/learning/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Admin Panel", matches)];

// The reader's stylesheet after Quill's: the editor's content area shows what members will see.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: quillStyles },
  { rel: "stylesheet", href: chapterStyles },
];

/**
 * The course list with each course's members who started and completed it, the expanded
 * course's chapters with how many members completed each (the drop-off), and whatever the URL
 * says is open.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const view = parseAdminView(new URL(request.url).searchParams);
  const { panel } = view;
  const chapterId = panel.kind === "edit-chapter" || panel.kind === "delete-chapter" ? panel.chapterId : null;
  const [{ flash, headers }, courses, engagement, expanded, completions, chapter, attachments] = await Promise.all([
    takeFlash(request),
    listCourses(),
    courseEngagement(),
    view.courseId ? getCourseOutline(view.courseId) : undefined,
    view.courseId ? chapterEngagement(view.courseId) : [],
    chapterId ? getChapter(chapterId) : undefined,
    panel.kind === "edit-chapter" ? listChapterAttachments(panel.chapterId) : [],
  ]);
  return data(
    {
      flash,
      view,
      courses,
      engagement,
      completions,
      expanded: expanded ?? null,
      chapter: chapter && chapter.course_id === expanded?.id ? chapter : null,
      // The chapter editor's files, and the upload limit its form checks before sending a file.
      attachments,
      attachmentMaxBytes: env().ATTACHMENT_MAX_BYTES,
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return handleAdminAction(request);
}

/**
 * A chapter save that never reaches the server (offline, the server restarting) comes back as the
 * editor's own failure: the text as typed (its local draft kept too) and why, rather than the error
 * page (issue 30, "never lose work"). Everything else goes to the server's action as it is.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    // The chapter form as typed, valid or not (the schema never refuses it).
    const { intent, courseId, chapterId, title, content } = parse(chapterDraftSchema, Object.fromEntries(form));
    if (!isNetworkFailure(error) || (intent !== "update-chapter" && intent !== "create-chapter")) throw error;
    const failure: ChapterFormFailure & Unreachable = {
      form: "chapter",
      courseId,
      chapterId: intent === "update-chapter" ? chapterId : null,
      values: { title, content },
      error: adminMessages.chapterSaveError(adminMessages.serverUnreachable),
      unreachable: true,
    };
    return failure;
  }
}

export const shouldRevalidate: ShouldRevalidateFunction = skipRevalidationIfUnreachable;

export default function AdminPanel() {
  const { flash, view, courses, engagement, completions, expanded, chapter, attachments, attachmentMaxBytes } =
    useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() ?? null;

  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold">Admin Panel</h1>
          <Link to={adminHref({ courseId: null, panel: { kind: "new-course" } })} className={primaryButton}>
            New Course
          </Link>
        </div>
        <AdminNav />
        <div className="mt-6">
          <FlashMessage flash={flash} />
        </div>
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <CourseList
            courses={courses}
            engagement={engagement}
            completions={completions}
            expanded={expanded}
            view={view}
          />
          <div className="order-first lg:order-none">
            <AdminWorkspace
              view={view}
              expanded={expanded}
              chapter={chapter}
              failure={failure}
              files={{ attachments, maxBytes: attachmentMaxBytes }}
            />
          </div>
        </div>
      </main>
    </>
  );
}
