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

/** An amount in its currency's symbol, without the code: formatAmount(1700, "usd") is '$17.00'. */
export function formatAmount(cents: number, currency: string | null): string {
  const code = (currency ?? "USD").toUpperCase();
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

/** An amount with its currency code, as receipts and the admin pages show it: '$17.00 USD'. */
export function formatMoney(cents: number, currency: string | null): string {
  const amount = formatAmount(cents, currency);
  const code = (currency ?? "USD").toUpperCase();
  return amount.endsWith(code) ? amount : `${amount} ${code}`;
}

/** "17", "17.5", "17.00", "1,055.95" -> cents, exactly (no floating point); null when not a price. */
export function dollarsToCents(value: string | null | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec((value ?? "").replaceAll(",", "").trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
