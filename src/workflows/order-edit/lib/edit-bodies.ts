import { createHash } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer, OrderPreviewDTO } from "@medusajs/framework/types"
import { TradeCreditError } from "../../../client/errors"
import type { TradeCreditClient } from "../../../client/index"
import { TRADE_CREDIT_MODULE } from "../../../modules/trade-credit"
import type TradeCreditModuleService from "../../../modules/trade-credit/service"
import { describeFailure, type ErrorLogger, toMedusaError } from "../../../use-cases/errors"
import type { MedusaCartInput } from "../../../core/order/medusa-cart"
import type { EditOrderRequest, Order } from "../../../service/schemas/order"
import { Money } from "../../../core/money/money"
import { withTaxSubtotals } from "../../../use-cases/capture-order"
import { type LogIds, logLine } from "../../../utils/log-line"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"
import { quote } from "../../../utils/quote"

/** The service client of the plugin's module. */
export function tradeCreditClientOf(container: MedusaContainer): TradeCreditClient {
  return container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
}

/** Where a failed call's detail goes, and which ids it names. */
export type ServiceCallLog = { container: MedusaContainer; ids?: LogIds }

const loggerOf = (container: MedusaContainer): ErrorLogger => pluginLoggerOf(container)

/**
 * Runs one call to the service; failures become MedusaErrors with a code (never the API key) for the merchant
 * editing the order (the service's code and trace id, not its path or answer), the detail logged once.
 */
export async function callService<T>(action: string, step: () => Promise<T>, log: ServiceCallLog): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw toMedusaError(error, action, { audience: "admin", logger: loggerOf(log.container), ids: log.ids })
  }
}

const EDITABLE_STATES = new Set(["UNVERIFIED", "VERIFIED", "CONFIRMED"])

/** Refuses an edit the service would refuse anyway, with words a merchant can act on. */
export function assertServiceOrderEditable(order: Order): void {
  if (order.status === "REJECTED") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The trade credit order was declined: there is nothing to edit at the service.",
      "TRADE_CREDIT_EDIT_NOT_ALLOWED",
    )
  }
  if (order.state === "CANCELLED") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The trade credit order was cancelled at the service, so this edit cannot " +
        "be paid by trade credit. Cancel the edit, or cancel the order's trade " +
        "credit payment first.",
      "TRADE_CREDIT_EDIT_NOT_ALLOWED",
    )
  }
  if (!EDITABLE_STATES.has(order.state)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The trade credit order is already invoiced (${order.state}): the service ` +
        `accepts edits only until fulfilment starts. ` +
        "Cancel this edit; use a return or claim and a refund for what comes back, and a new order for what is added.",
      "TRADE_CREDIT_EDIT_AFTER_FULFILMENT",
    )
  }
}

/**
 * What the service answers an edit with, in words: a declined raise, a state that no longer allows it, or the rest.
 * For the merchant: the service's code and trace id, never its path or message (those are logged).
 */
export function editRefused(error: unknown, log: ServiceCallLog): MedusaError {
  if (error instanceof TradeCreditError && error.code === "INVALID_STATE") {
    const reason = error.details
    logLine(loggerOf(log.container), "warn", `trade-credit: the service refused the edit: ${describeFailure(error)}`, {
      ...log.ids,
      code: error.code,
      trace_id: error.traceId,
    })
    if (reason && /^[A-Z][A-Z_]{0,63}$/.test(reason)) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Trade credit declined the edit (${reason}): the buyer's credit does not cover the new total. ` +
          "Nothing was changed, in Medusa or at the service: lower the edit's total, or cancel the edit.",
        "TRADE_CREDIT_EDIT_DECLINED",
      )
    }
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The trade credit service refused the edit in the order's present state ` +
        `(${error.code}${error.traceId ? `, trace ${quote(error.traceId)}` : ""}). ` +
        `Nothing was changed.`,
      "TRADE_CREDIT_EDIT_NOT_ALLOWED",
    )
  }
  return toMedusaError(error, "edit the order", { audience: "admin", logger: loggerOf(log.container), ids: log.ids })
}

/**
 * The edit body that puts the service order back as it is now (its own content, as the service holds it; its tax
 * subtotals those of its lines when the answer lists none).
 */
export function editBodyOfServiceOrder(answer: Order): EditOrderRequest {
  const order = withTaxSubtotals(answer)
  return {
    gross_amount: order.gross_amount,
    net_amount: order.net_amount,
    tax_amount: order.tax_amount,
    discount_amount: Money.sum(order.line_items.map((l) => l.discount_amount ?? "0")).toDecimal(),
    currency: order.currency,
    line_items: order.line_items,
    tax_subtotals: order.tax_subtotals,
    billing_address: order.billing_address,
    shipping_address: order.shipping_address,
  }
}

/** A digest of what an edit changes (amounts, lines, addresses), to skip a call that would change nothing. */
export function contentDigest(
  body: Pick<
    EditOrderRequest,
    "gross_amount" | "line_items" | "tax_subtotals" | "billing_address" | "shipping_address"
  >,
): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .filter(([, v]) => v !== undefined && v !== null)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value
  const content = {
    gross_amount: body.gross_amount,
    line_items: body.line_items.map((l) => ({ ...l, discount_amount: l.discount_amount ?? "0.00" })),
    tax_subtotals: body.tax_subtotals,
    billing_address: body.billing_address,
    shipping_address: body.shipping_address,
  }
  return createHash("sha256")
    .update(JSON.stringify(canonical(content)))
    .digest("hex")
}

/** Who and where the order is for: kept from the order as it is, while the preview says what it will contain. */
const IDENTITY_FIELDS = [
  "id",
  "display_id",
  "email",
  "currency_code",
  "region_id",
  "customer_id",
  "shipping_address",
  "billing_address",
  "customer",
]

/**
 * The order as Medusa will have it once the pending change is confirmed: the
 * order module's preview (items, shipping methods and totals, with tax lines and
 * adjustments, decorated by the same totals function) and the current order's
 * identity and addresses (which the preview does not carry).
 */
export function orderWithPreview(current: Record<string, unknown>, preview: OrderPreviewDTO): MedusaCartInput {
  const identity = Object.fromEntries(
    IDENTITY_FIELDS.filter((k) => current[k] !== undefined).map((k) => [k, current[k]]),
  )
  return { ...preview, ...identity } as MedusaCartInput
}
