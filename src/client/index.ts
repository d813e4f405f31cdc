import { createTransport } from "./create-transport"
import { CompanySearchClient } from "./company-search"
import { ErasureClient } from "./erasure"
import type { TradeCreditClientOptionsInput } from "./options"
import { OrdersClient } from "./orders"
import { AutofillClient } from "./autofill"
import { RegistryClient } from "./registry"
import { RepaymentClient } from "./repayment"
import { TradeAccountClient } from "./trade-account"
import type { Transport, TransportStats } from "./transport"

/**
 * The plugin's client of the trade credit service: one shared transport (one
 * keep-alive pool, one retry and timeout policy) and one module per service
 * interface, each in a file named for it and built the same way (a class that
 * takes the transport; request bodies validated before sending, answers
 * validated against the contract's schemas):
 *
 * - companies: company search (contract section 1)       company-search.ts
 * - orders: the order interface (section 2)               orders.ts
 * - repayment: the repayment interface (section 3),       repayment.ts
 *   on the transport scoped to /repay/v1
 * - tradeAccount: section 4, under /trade-account/v3      trade-account.ts
 * - registry / autofill: section 5 (delegation tokens     registry.ts, autofill.ts
 *   come back in a response header; evidence is multipart)
 * - erasure: section 6, under /gdpr/v1 (emails in         erasure.ts
 *   queries are never logged)
 */
export type TradeCreditClient = {
  companies: CompanySearchClient
  orders: OrdersClient
  repayment: RepaymentClient
  /** Business registration (section 5): delegation, returning buyers, proposals and evidence. */
  registry: RegistryClient
  /** Autofill (section 5): delegation and the current buyer. */
  autofill: AutofillClient
  /** The trade account interface (section 4), on the transport scoped to /trade-account/v3. */
  tradeAccount: TradeAccountClient
  /** The erasure interface (section 6), on the transport scoped to /gdpr/v1. */
  erasure: ErasureClient
  /** Calls, attempts, retries and failures since the client was made (benchmarks count calls). */
  stats: () => TransportStats
  /** Closes the connection pool; later calls fail with CLIENT_CLOSED. */
  close: () => Promise<void>
}

/**
 * Makes a client. Throws a TradeCreditError before any call when the options
 * are invalid (INVALID_OPTIONS) or the key is malformed or of the other
 * environment (INVALID_API_KEY).
 */
export function createTradeCreditClient(options: TradeCreditClientOptionsInput): TradeCreditClient {
  const transport = createTransport(options)
  return { ...interfacesOn(transport), stats: () => transport.stats(), close: () => transport.close() }
}

/** One client module per service interface, on one transport (shared-clients.ts shares the transport). */
export function interfacesOn(transport: Transport): Omit<TradeCreditClient, "stats" | "close"> {
  return {
    companies: new CompanySearchClient(transport),
    orders: new OrdersClient(transport),
    repayment: new RepaymentClient(transport.scope("/repay/v1")),
    registry: new RegistryClient(transport),
    autofill: new AutofillClient(transport),
    tradeAccount: new TradeAccountClient(transport.scope("/trade-account/v3")),
    erasure: new ErasureClient(transport.scope("/gdpr/v1")),
  }
}

export { assertApiKey, describeKey, redactKey, redactKeys, KEY_PREFIX, ENVIRONMENTS, type Environment } from "./api-key"
export {
  TradeCreditError,
  isTradeCreditError,
  CLIENT_ERROR_CODES,
  RETRYABLE_STATUSES,
  type ClientErrorCode,
  type TradeCreditErrorInit,
} from "./errors"
export {
  TradeCreditClientOptions,
  parseClientOptions,
  type TradeCreditClientOptionsInput,
  type TradeCreditClientConfig,
  type ClientLogger,
  type RequestEvent,
} from "./options"
export { urlPath, type QueryValue, type ResponseHeaders } from "./http-utils"
export {
  Transport,
  IDEMPOTENCY_KEY_PATTERN,
  type HttpMethod,
  type RequestSpec,
  type JsonResponse,
  type BinaryResponse,
  type TransportStats,
} from "./transport"
export { CompanySearchClient, type CompanySearchInput } from "./company-search"
export {
  TradeAccountClient,
  type TradeAccountCustomerInput,
  type TradeAccountUserInput,
  type VerificationUrlInput,
} from "./trade-account"
export type { TradeAccountCustomer, TradeAccountUser, VerificationUrl } from "../service/schemas/trade-account"
export { ErasureClient, type ErasureSubmitInput, type ErasureLookupResult } from "./erasure"
export type { ErasureCase } from "../service/schemas/erasure"
export {
  OrdersClient,
  type OrderIntentInput,
  type CreateOrderInput,
  type EditOrderInput,
  type FulfilInput,
  type RefundInput,
  type CancelResult,
  type InvoicePdfOptions,
  type PdfDocument,
} from "./orders"
export {
  RepaymentClient,
  type AccountInput,
  type CreditCheckInput,
  type PreviewInput,
  type PlanInput,
} from "./repayment"
export type { Idempotent } from "./validate"
export type { Order, OrderIntent, Refund, Fulfilment, OrderState, OrderStatus } from "../service/schemas/order"
export type {
  RepaymentAccount,
  CreditCheckResult,
  PreviewResult,
  PreviewInstalment,
  RepaymentPlan,
  Instalment,
  InstalmentStatus,
  PlanStatus,
  FundingStatus,
  PlanFulfilmentStatus,
  PlanCredit,
  PlanTerms,
} from "../service/schemas/repayment"
export type { CompanySearchResult, CompanySearchItem, CompanyDetails } from "../service/schemas/company"
export {
  RegistryClient,
  type RegistryDelegationInput,
  type ReturningBuyerCodeInput,
  type ReturningBuyerVerification,
  type EvidenceFile,
} from "./registry"
export { AutofillClient, type AutofillDelegationInput, type AutofillWho } from "./autofill"
export type {
  Business,
  Proposal,
  ProposalCreateBody,
  ProposalCreateInput,
  ProposalStatus,
  Evidence,
  EnrolledBusiness,
  AutofillBuyer,
  AutofillBuyerInput,
} from "../service/schemas/registration"
