import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { inputClass, panelClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { formatUsd } from "~/platform/money";
import {
  centsToDollars,
  productFormSchema,
  PRODUCT_FIELD_LABELS,
  STRIPE_PRICE_FIELDS,
  type ParsedProduct,
  type ProductField,
  type ProductForm,
} from "~/features/catalogue/product-admin";
import { listProducts, saveProduct } from "~/features/catalogue/index.server";
import { stripePriceStatus } from "~/features/billing/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { includedCoursesOverview } from "~/features/site/index.server";
import { brandedTitle } from "~/platform/page-meta";
import { fieldErrors } from "~/platform/forms/submission-errors";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Products | Admin", matches)];

/** The catalogue (docs/product.md §2 "Admin: products"): one no-JS form per product. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [{ flash, headers }, products, included] = await Promise.all([
    takeFlash(request),
    listProducts(),
    includedCoursesOverview(),
  ]);
  return data(
    {
      flash,
      included,
      products: products.map((product) => ({
        key: product.key,
        shown: formatUsd(product.launchPriceCents),
        values: {
          name: product.name,
          launchPrice: centsToDollars(product.launchPriceCents),
          regularPrice: centsToDollars(product.regularPriceCents),
          marketplacePrice: centsToDollars(product.marketplacePriceCents),
          launchStripePriceId: product.launchStripePriceId ?? "",
          regularStripePriceId: product.regularStripePriceId ?? "",
          marketplaceItems: product.marketplaceItems.join(", "),
        } satisfies ProductForm,
      })),
    },
    { headers },
  );
}

type Failure = { key: string; errors: Partial<Record<ProductField, string>>; values: ProductForm };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: productFormSchema });
  const typed = submission.payload;
  const key = typeof typed.key === "string" ? typed.key : "";
  const values = Object.fromEntries(
    (Object.keys(PRODUCT_FIELD_LABELS) as ProductField[]).map((name) => [
      name,
      typeof typed[name] === "string" ? typed[name] : "",
    ]),
  ) as ProductForm;
  if (submission.status !== "success")
    return data<Failure>({ key, errors: fieldErrors(submission.error), values }, { status: 400 });
  const { key: _key, ...product } = submission.value;
  const unknownPrices = await stripePriceProblems(key, product);
  if (Object.keys(unknownPrices).length > 0)
    return data<Failure>({ key, errors: unknownPrices, values }, { status: 400 });
  const saved = await saveProduct(admin, key, product);
  if (!saved.ok) {
    if (saved.status === 404) return redirectWithFlash("/admin/products", { kind: "error", message: saved.message });
    return data<Failure>({ key, errors: { [saved.field ?? "name"]: saved.message }, values }, { status: saved.status });
  }
  return redirectWithFlash("/admin/products", { kind: "success", message: `${product.name} saved.` });
}

/**
 * Decision 064: a Stripe price id is saved only once Stripe says it knows it. Only an id that
 * differs from the saved one is asked about (an unchanged one was checked when it was saved, or
 * seeded by the operator's variable), so fixing a name never waits on Stripe.
 */
async function stripePriceProblems(key: string, product: ParsedProduct) {
  const saved = (await listProducts()).find((row) => row.key === key);
  const problems: Partial<Record<ProductField, string>> = {};
  for (const field of STRIPE_PRICE_FIELDS) {
    const id = product[field];
    if (id === null || id === saved?.[field]) continue;
    const status = await stripePriceStatus(id);
    if (status === "unknown") problems[field] = `Stripe has no price ${id}: copy the id from the Stripe dashboard.`;
    else if (status === "unchecked")
      problems[field] = "Stripe could not be asked about this price id (is STRIPE_SECRET_KEY set?). Try again.";
  }
  return problems;
}

const FIELDS: Array<{ name: ProductField; hint?: string; inputMode?: "decimal" }> = [
  { name: "name" },
  {
    name: "launchPrice",
    hint: "In dollars: shown and charged by card until 'Cart closes', and while no dates are set.",
    inputMode: "decimal",
  },
  {
    name: "regularPrice",
    hint: "In dollars: struck through before 'Cart closes', shown and charged after. Not below the launch price.",
    inputMode: "decimal",
  },
  {
    name: "marketplacePrice",
    hint: "In dollars: what the marketplace charges, shown by the pages that sell there; empty: the launch price.",
    inputMode: "decimal",
  },
  { name: "launchStripePriceId", hint: "Charged at the launch price; empty: not sold by card then." },
  { name: "regularStripePriceId", hint: "Charged from 'Cart closes' on; empty: not sold by card then." },
  {
    name: "marketplaceItems",
    hint: "WarriorPlus item numbers, comma separated; each sale of one grants this product.",
  },
];

export default function AdminProducts() {
  const { flash, products, included } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | undefined;
  return (
    <AdminPage title="Products" flash={flash}>
      <p className="text-slate-700">
        The catalogue: what each product is called and costs on the pages, its card prices on Stripe (launch, then
        regular from &lsquo;Cart closes&rsquo;), its marketplace price and the marketplace items that grant it. Cached
        pages show a change within a few seconds.
      </p>
      {products.map((product) => {
        const mine = failure?.key === product.key ? failure : undefined;
        const values = mine?.values ?? product.values;
        return (
          <Form
            key={product.key}
            method="post"
            className={panelClass}
            aria-labelledby={`product-${product.key}`}
            noValidate
          >
            <h2 id={`product-${product.key}`} className="text-lg font-semibold text-slate-900">
              {product.values.name} <span className="text-sm font-normal text-slate-500">({product.key})</span>
            </h2>
            <input type="hidden" name="key" value={product.key} />
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map(({ name, hint, inputMode }) => {
                const id = `${product.key}-${name}`;
                const error = mine?.errors[name];
                return (
                  <div key={name}>
                    <label htmlFor={id} className="text-sm font-medium text-slate-800">
                      {PRODUCT_FIELD_LABELS[name]}
                    </label>
                    <input
                      id={id}
                      name={name}
                      defaultValue={values[name]}
                      inputMode={inputMode}
                      className={inputClass}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                    />
                    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                      {hint}
                    </p>
                    {error ? (
                      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            <button type="submit" className={primaryButton}>
              Save {product.values.name}
            </button>
          </Form>
        );
      })}
      <IncludedCourses included={included} />
    </AdminPage>
  );
}

/**
 * 'Included courses' (decision 063): a fresh copy of a product's course on request, as a draft;
 * its own form and address (/admin/products/install), apart from the product forms.
 */
function IncludedCourses({ included }: { included: ReturnType<typeof useLoaderData<typeof loader>>["included"] }) {
  return (
    <section aria-labelledby="included-courses" className={panelClass}>
      <h2 id="included-courses" className="text-lg font-semibold text-slate-900">
        Included courses
      </h2>
      <p className="text-slate-700">
        The course each product delivers. A product that no course opens gets its course at the next start. Installing
        one here adds a fresh copy as a draft for you to publish; your courses stay as they are.
      </p>
      <ul className="divide-y divide-slate-100">
        {included.map((course) => (
          <li key={course.product} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div id={`included-${course.product}`}>
              <p className="font-medium text-slate-900">
                {course.productName}: {course.title}
              </p>
              <p className="text-sm text-slate-600">
                {course.chapters} chapters{course.kits > 0 ? `, ${course.kits} with a kit to download` : ""}.{" "}
                {course.coursesOpening === 0
                  ? "No course opens this product now."
                  : `${course.coursesOpening} ${course.coursesOpening === 1 ? "course opens" : "courses open"} this product now.`}
              </p>
            </div>
            <Form method="post" action="/admin/products/install" aria-labelledby={`included-${course.product}`}>
              <input type="hidden" name="product" value={course.product} />
              <button type="submit" className={primaryButton} aria-describedby={`included-${course.product}`}>
                Install the included course
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
