import { defineMiddlewares } from "@medusajs/framework/http"
import { refuseCancelWhenInvoiced } from "./admin/trade-credit/orders/refuse-cancel-when-invoiced"
import { checkTradeCreditOrderEdit } from "./admin/trade-credit/order-edits/check-order-edit"
import { adminUiMiddlewares } from "./admin/trade-credit/admin-ui-middlewares"
import { storefrontMiddlewares } from "./store/trade-credit/storefront-middlewares"
import { soletraderMiddlewares } from "./store/trade-credit/soletrader/middlewares"
import { buyerDocumentMiddlewares } from "./store/trade-credit/documents/middlewares"
import { tradeCreditWebhookMiddlewares } from "./hooks/trade-credit/middlewares"
import { paymentHookMiddlewares } from "./hooks/trade-credit/payment-hook"
import { malformedPathMiddlewares } from "./utils/malformed-path"
import { invalidTextMiddlewares } from "./utils/invalid-text"
import { erasureRequestMiddlewares } from "./admin/trade-credit/erasure-requests/middlewares"
import { regionSettingsMiddlewares } from "./admin/trade-credit/regions/middlewares"
import { tradeAccountMiddlewares } from "./admin/trade-credit/trade-accounts/middlewares"
import { customerWidgetMiddlewares } from "./admin/trade-credit/customers/customer-middlewares"
import { reconciliationMiddlewares } from "./admin/trade-credit/reconciliation/middlewares"
import { receivablesMiddlewares } from "./admin/trade-credit/receivables/middlewares"
import { receivedEventsMiddlewares } from "./admin/trade-credit/received-events/middlewares"
import { unknownRouteMiddlewares } from "./utils/unknown-route"
import { tradeCreditErrorHandler } from "./errors/error-handler"

/**
 * The plugin's middlewares. Admin routes under /admin are authenticated by Medusa. Every answer of the plugin's
 * paths that is not a success is `{type, code, message}`, with a code of src/api/errors/codes.ts: routes and
 * middlewares throw RouteErrors, and the error handler answers them (and what Medusa's body parsers and publishable
 * key check refuse on those paths); Medusa's own paths keep Medusa's error handler.
 */
export default defineMiddlewares({
  errorHandler: tradeCreditErrorHandler,
  routes: [
    // A broken %-escape or a control character in a path under /store|admin|hooks/trade-credit, or in Medusa's webhook
    // URL of the plugin's providers: 400 with a code (Express would make it a 500, or an HTML 404).
    ...malformedPathMiddlewares,
    // A method or path under the plugin's prefixes that no route of the plugin answers: 405 or 404 with a code
    // (Express would answer an HTML page).
    ...unknownRouteMiddlewares,
    // A JSON body of a plugin route (or of a payment session of the plugin's providers) nested more than 64 levels deep
    // (Medusa's validator recursed on it to a 500), or with a NUL, a lone surrogate or a string over 10,000 characters
    // anywhere: 400 with a code (naming the field), before any route (PostgreSQL would answer 500).
    ...invalidTextMiddlewares,
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
    // Company search, pre-check and instalment previews: rate limits per customer or address, query and body
    // validation.
    ...storefrontMiddlewares,
    // Sole traders (customers only) and the one webhook URL (raw body, bounded).
    ...soletraderMiddlewares,
    // The buyer's own documents (customers only): their invoices, credit notes, instalment invoices, statements.
    ...buyerDocumentMiddlewares,
    ...tradeCreditWebhookMiddlewares,
    // Medusa's /hooks/payment/trade-credit_default: bounded body, JSON refusals with a code.
    ...paymentHookMiddlewares,
    // Reconciliation runs: the query and the body checked.
    ...reconciliationMiddlewares,
    // Erasure requests: reference, email or customer id checked before anything is sent.
    ...erasureRequestMiddlewares,
    // Trade accounts: bodies checked (svc_ ids refused) before anything is sent.
    ...tradeAccountMiddlewares,
    ...regionSettingsMiddlewares,
    // The customer widget: the sole-trader enrollment of one customer.
    ...customerWidgetMiddlewares,
    // Receivables (the documents after the invoice, their CSV, a customer's companies) and the events received unacted.
    ...receivablesMiddlewares,
    ...receivedEventsMiddlewares,
  ],
})
