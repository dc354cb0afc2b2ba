import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { useHydrated } from "~/platform/hooks/use-hydrated";
import { FormError } from "~/platform/ui/form-fields";
import { inputClass, panelClass, SaveOrCancel } from "~/platform/ui/admin/form-controls";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { COURSE_AUDIENCES } from "~/features/catalogue";

/**
 * New or edit course (docs/product.md §2). The title is required: with JavaScript, Save stays disabled
 * while the title is blank; without it, the browser's `required` check and the server refuse it.
 */
export function CourseForm({
  courseId,
  defaults,
  error,
  cancelHref,
}: {
  courseId: string | null;
  defaults: { title: string; description: string; required_product: string };
  error: string | null;
  cancelHref: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [title, setTitle] = useState(defaults.title);
  const intent = courseId ? "update-course" : "create-course";
  const saving = useIsPending({ intent, state: "submitting" });

  return (
    <Form method="post" preventScrollReset aria-labelledby={`${id}-heading`} className={panelClass}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {courseId ? "Edit course" : "New course"}
      </h2>
      <FormError id={`${id}-error`} errors={error ? [error] : undefined} />
      <input type="hidden" name="intent" value={intent} />
      {courseId ? <input type="hidden" name="courseId" value={courseId} /> : null}
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-700">
          Title
        </label>
        <input
          id={`${id}-title`}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          defaultValue={defaults.description}
          rows={3}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-audience`} className="block text-sm font-medium text-slate-700">
          Who can open this course
        </label>
        <select
          id={`${id}-audience`}
          name="requiredProduct"
          defaultValue={defaults.required_product}
          aria-describedby={`${id}-audience-hint`}
          className={inputClass}
        >
          {COURSE_AUDIENCES.map((audience) => (
            <option key={audience.key} value={audience.key}>
              {audience.label}
            </option>
          ))}
        </select>
        <p id={`${id}-audience-hint`} className="mt-1 text-xs text-slate-500">
          Members without this product see the course locked, with a link to unlock it.
        </p>
      </div>
      <SaveOrCancel
        saving={saving}
        disabled={hydrated && title.trim() === ""}
        saveLabel="Save"
        offerDraft={courseId === null}
        cancelHref={cancelHref}
      />
    </Form>
  );
}
