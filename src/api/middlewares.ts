import { defineMiddlewares } from "@medusajs/framework/http"
import { refuseCancelWhenInvoiced } from "./admin/trade-credit/orders/refuse-cancel-when-invoiced"
import { checkTradeCreditOrderEdit } from "./admin/trade-credit/order-edits/check-order-edit"
import { validatePreviewPlansBody } from "./store/trade-credit/plans/preview/validators"

/**
 * The plugin's middlewares. Admin routes under /admin are authenticated by Medusa.
 */
export default defineMiddlewares({
  routes: [
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
  ],
})
