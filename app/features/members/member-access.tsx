import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminSection, Badge, Cell, EmptyNote, StatusBadge, TableFrame } from "~/platform/ui/admin/admin-page";
import { dangerButton, inputClass, panelClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { formatDay } from "~/platform/dates";
import { GRANT_REASON_MAX, lastDay } from "~/features/catalogue";
import type { MemberHeader, memberProfile } from "./member-page.server";
import type { AccessFailure } from "~/features/catalogue/index.server";

/**
 * The admin's 'Profile and access' page (/admin/members/{id}): who the member is, where their
 * access comes from, and the forms that grant or revoke it. Every form posts to the page's own
 * URL (the layout's action), so it works without JavaScript and from a page left open.
 */
type Profile = Awaited<ReturnType<typeof memberProfile>>;
type Grant = Profile["grants"][number];

const alertClass = "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** "Complimentary ({reason}) until {date}" for each distinct active grant (decision 055). */
function ComplimentaryFact({ grants }: { grants: readonly Grant[] }) {
  const lines = [
    ...new Set(
      grants
        .filter((grant) => grant.active)
        .map((grant) =>
          grant.expiresAt
            ? `Complimentary (${grant.reason}) until ${lastDay(grant.expiresAt)}`
            : `Complimentary (${grant.reason}), no end date`,
        ),
    ),
  ];
  if (lines.length === 0) return null;
  return (
    <Fact label="Complimentary">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </Fact>
  );
}

export function AccessFacts({
  member,
  twoFactor,
  grants,
}: {
  member: MemberHeader;
  twoFactor: boolean;
  grants: readonly Grant[];
}) {
  return (
    <section aria-label="Access" className={panelClass}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Name">{member.name || "—"}</Fact>
        <Fact label="Access">
          <StatusBadge label={member.access} />
        </Fact>
        <Fact label="Where it comes from">
          {member.sources.length ? (
            <span className="flex flex-wrap gap-1">
              {member.sources.map((source) => (
                <Badge key={source} tone="blue">
                  {source}
                </Badge>
              ))}
              {member.isAdmin ? <Badge tone="slate">Admin</Badge> : null}
            </span>
          ) : (
            member.source
          )}
        </Fact>
        <Fact label="Joined">{formatDay(member.createdAt)}</Fact>
        <Fact label="Two-factor">{twoFactor ? "On" : "Off"}</Fact>
        <ComplimentaryFact grants={grants} />
      </dl>
    </section>
  );
}

/** 'Grant complimentary access' and, while a grant is active, 'Revoke complimentary access'. */
export function ComplimentaryActions({
  action,
  grants,
  failure,
}: {
  action: string;
  grants: readonly Grant[];
  failure: AccessFailure | undefined;
}) {
  const formFailure = failure && !failure.product ? failure : undefined;
  return (
    <AdminSection title="Actions">
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Keyed by the number of grants, so a successful grant leaves an empty form behind. */}
        <Form
          method="post"
          action={action}
          className={panelClass}
          key={grants.length}
          aria-labelledby="grant-complimentary"
        >
          <h3 id="grant-complimentary" className="font-semibold">
            Grant complimentary access
          </h3>
          <input type="hidden" name="intent" value="grant" />
          {formFailure ? (
            <p role="alert" className={alertClass}>
              {formFailure.error}
            </p>
          ) : null}
          <label className="block text-sm font-medium text-slate-700">
            Reason
            <textarea
              name="reason"
              required
              maxLength={GRANT_REASON_MAX}
              rows={2}
              defaultValue={formFailure?.reason ?? ""}
              className={inputClass}
            />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Expires on <span className="font-normal text-slate-500">(optional, last day of access)</span>
            <input type="date" name="expiresOn" defaultValue={formFailure?.expiresOn ?? ""} className={inputClass} />
          </label>
          <button type="submit" className={primaryButton}>
            Grant complimentary access
          </button>
        </Form>
        {grants.some((grant) => grant.active) ? (
          <Form
            method="post"
            action={action}
            className={`${panelClass} self-start`}
            aria-labelledby="revoke-complimentary"
          >
            <h3 id="revoke-complimentary" className="font-semibold">
              Complimentary access
            </h3>
            <input type="hidden" name="intent" value="revoke" />
            <button type="submit" className={dangerButton}>
              Revoke complimentary access
            </button>
          </Form>
        ) : null}
      </div>
    </AdminSection>
  );
}

/** 'Products': every entitlement, and per catalogue product a 'Grant' or, when owned, a 'Revoke' form. */
export function MemberProducts({
  action,
  entitlements,
  products,
  failure,
}: {
  action: string;
  entitlements: Profile["entitlements"];
  products: Profile["products"];
  failure: AccessFailure | undefined;
}) {
  return (
    <AdminSection title="Products">
      {failure?.product ? (
        <p role="alert" className={alertClass}>
          {failure.error}
        </p>
      ) : null}
      {entitlements.length === 0 ? (
        <EmptyNote>No products yet.</EmptyNote>
      ) : (
        <TableFrame label="Entitlements">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Source</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {entitlements.map((entitlement) => (
              <tr key={entitlement.id}>
                <Cell label="Product">{entitlement.productName}</Cell>
                <Cell label="Source">{entitlement.sourceLabel}</Cell>
                <Cell label="Date" className="whitespace-nowrap">
                  {formatDay(entitlement.grantedAt)}
                </Cell>
                <Cell label="Status">{entitlement.status}</Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {products.map((product) => (
          <Form
            key={`${product.key}-${product.owned}`}
            method="post"
            action={action}
            className={panelClass}
            aria-label={`${product.owned ? "Revoke" : "Grant"} ${product.name}`}
          >
            <h3 className="font-semibold">
              {product.name} {product.owned ? <Badge tone="green">Owned</Badge> : null}
            </h3>
            <input type="hidden" name="product" value={product.key} />
            <label className="block text-sm font-medium text-slate-700">
              Reason
              <input name="reason" required maxLength={GRANT_REASON_MAX} className={inputClass} />
            </label>
            {product.owned ? null : (
              <label className="block text-sm font-medium text-slate-700">
                Expires on <span className="font-normal text-slate-500">(optional, last day of access)</span>
                <input type="date" name="expiresOn" className={inputClass} />
              </label>
            )}
            <button
              type="submit"
              name="intent"
              value={product.owned ? "revoke-product" : "grant-product"}
              className={product.owned ? dangerButton : primaryButton}
            >
              {product.owned ? "Revoke" : "Grant"}
            </button>
          </Form>
        ))}
      </div>
    </AdminSection>
  );
}

export function ComplimentaryGrants({ grants }: { grants: readonly Grant[] }) {
  return (
    <AdminSection title="Complimentary grants">
      {grants.length === 0 ? (
        <EmptyNote>No complimentary grants.</EmptyNote>
      ) : (
        <TableFrame label="Complimentary grants">
          <thead>
            <tr>
              <th scope="col">Granted</th>
              <th scope="col">Reason</th>
              <th scope="col">Expires on</th>
              <th scope="col">State</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {grants.map((grant) => (
              <tr key={grant.id}>
                <Cell label="Granted" className="whitespace-nowrap">
                  {formatDay(grant.createdAt)}
                </Cell>
                <Cell label="Reason">{grant.reason}</Cell>
                <Cell label="Expires on" className="whitespace-nowrap">
                  {grant.expiresAt ? lastDay(grant.expiresAt) : "Never"}
                </Cell>
                <Cell label="State">
                  {grant.active ? (
                    <Badge tone="green">Active</Badge>
                  ) : grant.revokedAt ? (
                    <Badge tone="red">Revoked {formatDay(grant.revokedAt)}</Badge>
                  ) : (
                    <Badge tone="slate">Expired</Badge>
                  )}
                </Cell>
                <Cell label="By" className="break-all">
                  {grant.grantedBy ?? "—"}
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminSection>
  );
}
