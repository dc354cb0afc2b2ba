import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { inputClass, panelClass, primaryButton, secondaryButton } from "~/platform/ui/admin/form-controls";
import { env } from "~/platform/env.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { addMemberFieldsSchema, addMemberFormSchema } from "~/features/members/member-forms";
import { firstError } from "~/platform/forms/submission-errors";
import * as z from "zod/mini";
import { GRANT_REASON_MAX } from "~/features/catalogue/grant-form";
import { PRODUCT_KEYS } from "~/features/catalogue/catalogue";
import { siteOrigin } from "~/platform/site-origin";
import { EMAIL_MAX, NAME_MAX } from "~/platform/forms/auth-rules";
import { catalogue } from "~/features/catalogue/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { addMember } from "~/features/members/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Add member | Admin", matches)];

/** 'Add member' (docs/product.md §2 "Admin: members", decision 055): access for someone, account or not. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { products: PRODUCT_KEYS.map((key) => ({ key, name: catalogue()[key].name })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: addMemberFormSchema(catalogue()) });
  if (submission.status !== "success") {
    const values = z.parse(addMemberFieldsSchema, submission.payload);
    return data({ error: firstError(submission.error), values }, { status: 400 });
  }
  const { invite, ...member } = submission.value;
  const added = await addMember(admin, member, {
    invite,
    origin: siteOrigin(env().PUBLIC_URL, request.url),
  });
  const message = added.granted
    ? `${added.created ? "Member added" : "Access added to the existing account"}${added.invited ? "; invitation sent" : ""}.`
    : "This member already has these products: nothing was added.";
  return redirectWithFlash(`/admin/members/${added.memberId}`, {
    kind: added.granted ? "success" : "error",
    message,
  });
}

export default function AddMember() {
  const { products } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const values = failure?.values;
  return (
    <AdminPage
      title="Add member"
      actions={
        <Link to="/admin/members" className={secondaryButton}>
          All members
        </Link>
      }
    >
      <Form method="post" className={panelClass} aria-label="Add member">
        {failure ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {failure.error}
          </p>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Email
          <input
            type="email"
            name="email"
            required
            maxLength={EMAIL_MAX}
            defaultValue={values?.email}
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Name <span className="font-normal text-slate-500">(optional)</span>
          <input name="name" maxLength={NAME_MAX} defaultValue={values?.name} className={inputClass} />
        </label>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Products</legend>
          {products.map((product) => (
            <label key={product.key} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="products"
                value={product.key}
                defaultChecked={values ? values.products.includes(product.key) : product.key === "membership"}
              />
              {product.name}
            </label>
          ))}
        </fieldset>
        <label className="block text-sm font-medium text-slate-700">
          Reason
          <input
            name="reason"
            required
            maxLength={GRANT_REASON_MAX}
            defaultValue={values?.reason}
            placeholder="JV partner review"
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Expires on <span className="font-normal text-slate-500">(optional, last day of access)</span>
          <input type="date" name="expiresOn" defaultValue={values?.expiresOn} className={inputClass} />
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="invite" value="yes" defaultChecked={values?.invite ?? true} />
          Send invitation email
        </label>
        <p className="text-sm text-slate-600">
          A new address gets an account without a password, and the invitation a link to choose one. An existing account
          gets the products; nothing is added twice.
        </p>
        <button type="submit" className={primaryButton}>
          Add member
        </button>
      </Form>
    </AdminPage>
  );
}
