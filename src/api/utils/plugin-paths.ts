/** The plugin's URL prefixes: `/store/trade-credit`, `/admin/trade-credit`, `/hooks/trade-credit`. */
export const PLUGIN_PATHS = /^\/(store|admin|hooks)\/trade-credit(\/|$)/

/**
 * Medusa's own webhook URLs of the providers, kept for merchants who configured them before `/hooks/trade-credit`
 * existed; the plugin's receiver answers them (payment-hook.ts), Medusa's route never runs for them.
 */
export const LEGACY_WEBHOOK_PATHS = ["/hooks/payment/trade-credit_default", "/hooks/payment/trade-credit-plan_default"]
const LEGACY_WEBHOOK_PREFIXES = LEGACY_WEBHOOK_PATHS.map((path) => new RegExp(`^${path}(/|$)`))

/** Whether the plugin answers the errors and unknown methods of this path: its prefixes, and the legacy webhook URL. */
export const answersErrorsOf = (path: string) =>
  PLUGIN_PATHS.test(path) || LEGACY_WEBHOOK_PREFIXES.some((prefix) => prefix.test(path))
