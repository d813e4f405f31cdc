/** The plugin's URL prefixes: `/store/trade-credit`, `/admin/trade-credit`, `/hooks/trade-credit`. */
export const PLUGIN_PATHS = /^\/(store|admin|hooks)\/trade-credit(\/|$)/

/**
 * Medusa's own webhook URL of the invoice provider, kept for merchants who configured it before
 * `/hooks/trade-credit` existed; its body is read by the plugin (payment-hook-body.ts). Medusa's route answers POST.
 */
export const LEGACY_WEBHOOK_PATHS = ["/hooks/payment/trade-credit_default"]
const LEGACY_WEBHOOK_PREFIXES = LEGACY_WEBHOOK_PATHS.map((path) => new RegExp(`^${path}(/|$)`))

/** Whether the plugin answers the errors and unknown methods of this path: its prefixes, and the legacy webhook URL. */
export const answersErrorsOf = (path: string) => PLUGIN_PATHS.test(path) || LEGACY_WEBHOOK_PREFIXES.some((prefix) => prefix.test(path))
