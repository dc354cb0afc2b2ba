import * as z from "zod/mini";

/**
 * The 'Get Lifetime Access Now' (/payment-options) and 'Buy now' (/upgrades) buttons: the product
 * and the key of the page that was shown (a double submit reuses its Checkout Session). Both are
 * checked by the checkout itself, which answers an unknown product with its own message.
 */
export const checkoutForm = z.object({
  product: z.optional(z.string()),
  form_key: z.optional(z.string()),
});
