import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** The identifiers of the plugin's payment providers (their services' static `identifier`). */
export const INVOICE_PROVIDER_IDENTIFIER = "trade-credit"
export const PLAN_PROVIDER_IDENTIFIER = "trade-credit-plan"

/*
 * Medusa registers a provider as `pp_{identifier}_{id}`, `id` being that of its
 * entry in medusa-config ("default" there), and routes its webhooks to
 * `/hooks/payment/{identifier}_{id}`. The trailing underscore matters: the
 * invoice provider's prefix would otherwise match the plan provider's ids.
 */
const INVOICE_PREFIX = `pp_${INVOICE_PROVIDER_IDENTIFIER}_`
const PLAN_PREFIX = `pp_${PLAN_PROVIDER_IDENTIFIER}_`

/**
 * What the ids of both providers start with (the plan provider's identifier starts with the invoice provider's), for
 * a database filter (`$like` with a trailing `%`); in code, isPluginProviderId.
 */
export const PLUGIN_PROVIDER_ID_PREFIX = `pp_${INVOICE_PROVIDER_IDENTIFIER}`

/** The invoice provider (`pp_trade-credit_<id>`): the service's orders. */
export const isInvoiceProviderId = (id: unknown): id is string =>
  typeof id === "string" && id.startsWith(INVOICE_PREFIX)

/** The instalment provider (`pp_trade-credit-plan_<id>`): the service's repayment plans. */
export const isPlanProviderId = (id: unknown): id is string => typeof id === "string" && id.startsWith(PLAN_PREFIX)

/** Either of the plugin's providers. */
export const isPluginProviderId = (id: unknown): id is string => isInvoiceProviderId(id) || isPlanProviderId(id)

/** The invoice provider's ids as registered in this Medusa (one per entry in medusa-config). */
export async function invoiceProviderIds(container: MedusaContainer): Promise<string[]> {
  const providers = await container
    .resolve<IPaymentModuleService>(Modules.PAYMENT)
    .listPaymentProviders({}, { select: ["id"] })
  return providers.map((p) => p.id).filter(isInvoiceProviderId)
}
