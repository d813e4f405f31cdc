// medusa-payment-trade-credit/storefront: what a storefront needs around the plugin, with no framework of its own.
// Plain ES module functions over a cart, a payment session and `@medusajs/js-sdk` (any object with its
// `store.payment.initiatePaymentSession` and `store.cart.complete`), for Next.js App Router storefronts (server
// actions, route handlers, client components alike) and any other. docs/storefront.md shows each in the dtc-starter.
// Its React components are `medusa-payment-trade-credit/storefront/react` (src/storefront/react). The demo storefront
// of this repository uses both (storefront/src). Built with the plugin into .medusa/server/src/storefront (CommonJS;
// declarations: tsconfig.storefront.json). It imports nothing but the plugin's own buyer texts and plan limits
// (src/utils/buyer-texts.ts, src/core/plan/plan-limits.ts), so it runs in a browser as well as on a server.

export * from "./checkout"
export * from "./session-data"
export * from "./session-choice"
export * from "./place-order"
export * from "./readiness"
export * from "./payment-text"
export * from "./funding"
export * from "./return-route"
export { KIT_TEXTS, kitText, type KitTextKey } from "./texts"
export {
  BUYER_LANGUAGES,
  buyerLanguageOf,
  buyerMessage,
  CODE_TEXTS,
  SHOP_UNREACHABLE,
  type BuyerLanguage,
  type Overrides,
} from "./buyer-messages"
export * from "./company-search"
export * from "./sole-trader"
export * from "./documents"
export * from "./document-route"
