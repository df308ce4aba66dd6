// Pure and shared with the browser (the creator's forms use zod/mini, so this stays free of imports).

/**
 * The longest text a post or draft stores: a bound against abuse, not a network's rule. It sits well
 * above every registered network's limit (adapters/platforms/descriptors.test.ts walks them), so a
 * text over a network's limit reaches the preflight, whose message names that network's limit.
 */
export const MAX_TEXT = 100_000
