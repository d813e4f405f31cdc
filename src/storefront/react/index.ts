"use client"
// medusa-payment-trade-credit/storefront/react: the storefront kit's React components (client components: this
// entry is marked "use client", so a Next.js App Router server component may render them with serialisable props and
// server actions). React 18 or later, an optional peer dependency of the package. Their logic is the kit's plain
// functions (medusa-payment-trade-credit/storefront); their words are the kit's, in the buyer's language (en, nb, sv,
// nl, de), overridable by the store (`overrides`). docs/storefront.md puts them into the dtc-starter.

export { CompanyPicker, type CompanyPickerProps } from "./company-picker"
export { BuyerDetailsFields, type BuyerDetails, type BuyerDetailsFieldsProps } from "./buyer-details-fields"
export { InstalmentChoices, nearestChoice, type InstalmentChoicesProps } from "./instalment-choices"
export { TradeCreditPaymentButton, type TradeCreditPaymentButtonProps } from "./payment-button"
export { pathBeforeCheckout, defaultReturnUrl } from "./return-page"
export { SoleTraderSignupButton, type SoleTraderSignupButtonProps } from "./sole-trader-signup-button"
export { FundingStatus, type FundingStatusProps } from "./funding-status"
export { InvoicesAndInstalments, type InvoicesAndInstalmentsProps } from "./invoices-and-instalments"
export { useTradeCreditDocuments, type DocumentsState } from "./use-trade-credit-documents"
export { TradeCreditFields, type TradeCreditFieldsProps } from "./trade-credit-fields"
export { rememberChoice, rememberedChoice, useRememberedChoice } from "./remembered-choice"
export { useTradeCreditReadiness } from "./use-readiness"
export type { ErrorDisplayProps } from "./kit-error"
export type { TextProps } from "./texts"
export { TRADE_CREDIT_FIELDS_CSS } from "./styles"
