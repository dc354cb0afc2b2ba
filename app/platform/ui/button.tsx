import type { ButtonHTMLAttributes } from "react";

/**
 * The site's primary button (brand colour, white text), for `<button>`s and for links that look
 * like one. Sizes: "sm" in bars and panels, "md" in forms, "lg" for a page's main action, "xl" for
 * the plan page's buy button. `block` makes it full width. The marketing pages' larger calls to
 * action are `ctaClass` of marketing.tsx. Every size is at least 44 px tall (`min-h-11`): a phone's
 * smallest comfortable tap target.
 */
export type ButtonStyle = { size?: "sm" | "md" | "lg" | "xl"; block?: boolean; className?: string };

const SIZES = {
  sm: "px-4 py-2 text-sm",
  md: "px-4 py-3",
  lg: "px-6 py-3",
  xl: "px-4 py-4 text-lg",
} as const;

export function buttonClass({ size = "md", block = false, className = "" }: ButtonStyle = {}): string {
  return [
    block ? "flex w-full" : "inline-flex",
    "min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 text-center font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-70",
    SIZES[size],
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

export function Button({
  size,
  block,
  className,
  type = "button",
  ...props
}: ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ size, block, className })} {...props} />;
}
