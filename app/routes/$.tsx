import { redirect } from "@remix-run/node";

/** Unknown paths go to the landing page (docs/product.md §2 route table). */
export async function loader() {
  return redirect("/");
}

export async function action() {
  return redirect("/", { status: 303 });
}
