/**
 * Dollar amounts as the marketing copy shows them: whole dollars without cents ('$17', '$1,997'),
 * otherwise with cents ('$4.95'). Amounts are integer cents everywhere else.
 */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** A discount line: '-$172'. */
export const formatDiscount = (cents: number) => `-${formatUsd(cents)}`;
