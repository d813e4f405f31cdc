import { defineMiddlewares } from "@medusajs/framework/http"
import { refuseCancelWhenInvoiced } from "./admin/trade-credit/orders/refuse-cancel-when-invoiced"
import { checkTradeCreditOrderEdit } from "./admin/trade-credit/order-edits/check-order-edit"
import { validatePreviewPlansBody } from "./store/trade-credit/plans/preview/validators"
import { adminUiMiddlewares } from "./admin/trade-credit/admin-ui-middlewares"
import { storefrontMiddlewares } from "./store/trade-credit/storefront-middlewares"
import { soletraderMiddlewares } from "./store/trade-credit/soletrader/middlewares"
import { tradeCreditWebhookMiddlewares } from "./hooks/trade-credit/middlewares"
import { paymentHookBodyMiddlewares } from "./hooks/trade-credit/payment-hook-body"
import { malformedPathMiddlewares } from "./utils/malformed-path"
import { erasureRequestMiddlewares } from "./admin/trade-credit/erasure-requests/middlewares"
import { tradeAccountMiddlewares } from "./admin/trade-credit/trade-accounts/middlewares"
import { customerWidgetMiddlewares } from "./admin/trade-credit/customers/customer-middlewares"

/**
 * The plugin's middlewares. Admin routes under /admin are authenticated by Medusa.
 */
export default defineMiddlewares({
  routes: [
    // A broken %-escape in a path under /store|admin|hooks/trade-credit: 400 with a code (Express would make it a 500).
    ...malformedPathMiddlewares,
    ...adminUiMiddlewares,
    {
      // An order the trade credit service has invoiced is refunded, never cancelled.
      matcher: "/admin/orders/:id/cancel",
      method: ["POST"],
      middlewares: [refuseCancelWhenInvoiced],
    },
    {
      // An edit of an order paid by trade credit goes to the service (credit re-checked) before Medusa confirms it.
      matcher: "/admin/order-edits/:id/confirm",
      method: ["POST"],
      middlewares: [checkTradeCreditOrderEdit],
    },
    {
      // Instalment previews: the body is checked (periods 1 to 36, monthly) before the service is asked anything.
      matcher: "/store/trade-credit/plans/preview",
      method: ["POST"],
      middlewares: [validatePreviewPlansBody],
    },
    // Company search and pre-check: rate limits per customer or address, query and body validation.
    ...storefrontMiddlewares,
    // Sole traders (customers only) and the one webhook URL (raw body, bounded).
    ...soletraderMiddlewares,
    ...tradeCreditWebhookMiddlewares,
    // Medusa's /hooks/payment/trade-credit_default: bounded body, JSON refusals with a code.
    ...paymentHookBodyMiddlewares,
    // Erasure requests: reference, email or customer id checked before anything is sent.
    ...erasureRequestMiddlewares,
    // Trade accounts: bodies checked (svc_ ids refused) before anything is sent.
    ...tradeAccountMiddlewares,
    // The customer widget: the sole-trader enrollment of one customer.
    ...customerWidgetMiddlewares,
  ],
})
