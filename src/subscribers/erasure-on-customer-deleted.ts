import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { CustomerWorkflowEvents } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../modules/trade-credit"
import { customerDeletedReference, requestErasure } from "../workflows/erasure/request-erasure"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

/**
 * With the option `erasureOnCustomerDelete`, deleting a Medusa customer asks
 * the service to erase that customer's personal data, under the reference
 * `customer-deleted:<customer id>` (so a repeated event is a replay, never a
 * second erasure), and anonymises the plugin's own copies when erasable.
 *
 * Medusa's `customer.deleted` carries only `{id}`; the customer is soft-deleted
 * by then, and its email is read with `withDeleted`. A failure is logged with
 * the customer id and the reference (never the address) and recorded on the
 * request when it got that far; the admin can retry by requesting the erasure
 * for the customer id with the same reference.
 */
export default async function erasureOnCustomerDeleted({ event, container }: SubscriberArgs<{ id: string }>) {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  if (!tradeCredit.getOptions().erasureOnCustomerDelete) return
  const customerId = event.data?.id
  if (typeof customerId !== "string" || !customerId) return
  const logger = pluginLoggerOf(container)
  const reference = customerDeletedReference(customerId)
  try {
    const { request, replayed } = await requestErasure(container, {
      reference,
      customer_id: customerId,
      requested_by: null,
      source: "customer_deleted",
    })
    logLine(
      logger,
      "info",
      `trade-credit: erasure ${replayed ? "already requested" : "requested"} for deleted customer ${customerId} ` +
        `(reference ${reference}, case ${request.case}, status ${request.status})`,
      {
        customer_id: customerId,
        erasure_request_id: request.id,
        erasure_reference: reference,
        erasure_case: request.case,
        status: request.status,
      },
    )
  } catch (error) {
    logLine(
      logger,
      "error",
      `trade-credit: the erasure for deleted customer ${customerId} (reference ${reference}) failed: ` +
        `${(error as Error).message}. Request it again from the admin API with customer_id and this reference.`,
      { customer_id: customerId, erasure_reference: reference, ...errorIds(error) },
    )
  }
}

export const config: SubscriberConfig = {
  event: CustomerWorkflowEvents.DELETED,
  context: { subscriberId: "trade-credit-erasure-on-customer-deleted" },
}
