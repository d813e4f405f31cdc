import type { InferTypeOf } from "@medusajs/framework/types"
import type { BuyerRepaymentAccount } from "./models/buyer-repayment-account"
import type { CompanyCredit } from "./models/company-credit"
import type { Enrollment } from "./models/enrollment"
import type { ErasureRequest } from "./models/erasure-request"
import type { OrderReference } from "./models/order-reference"
import type { Receivable } from "./models/receivable"
import type { ReceivableEntry } from "./models/receivable-entry"
import type { ReceivedEventType } from "./models/received-event-type"
import type { ReconciliationRun } from "./models/reconciliation-run"
import type { RegionSetting } from "./models/region-setting"
import type { RepaymentPlanSession } from "./models/repayment-plan-session"
import type { ShipmentInvoice } from "./models/shipment-invoice"
import type { TradeAccount } from "./models/trade-account"
import type { TradeAccountUser } from "./models/trade-account-user"
import type { WebhookEvent } from "./models/webhook-event"

/*
 * The module's records as its service's generated list, retrieve, create and
 * update methods return them: inferred from the models, so a column added or
 * changed in a model changes its readers' types with it.
 */
export type BuyerRepaymentAccountRow = InferTypeOf<typeof BuyerRepaymentAccount>
export type CompanyCreditRow = InferTypeOf<typeof CompanyCredit>
export type EnrollmentRow = InferTypeOf<typeof Enrollment>
export type ErasureRequestRow = InferTypeOf<typeof ErasureRequest>
export type OrderReferenceRow = InferTypeOf<typeof OrderReference>
export type ReceivableRow = InferTypeOf<typeof Receivable>
export type ReceivableEntryRow = InferTypeOf<typeof ReceivableEntry>
export type ReceivedEventTypeRow = InferTypeOf<typeof ReceivedEventType>
export type ReconciliationRunRow = InferTypeOf<typeof ReconciliationRun>
export type RegionSettingRow = InferTypeOf<typeof RegionSetting>
export type RepaymentPlanSessionRow = InferTypeOf<typeof RepaymentPlanSession>
export type ShipmentInvoiceRow = InferTypeOf<typeof ShipmentInvoice>
export type TradeAccountRow = InferTypeOf<typeof TradeAccount>
export type TradeAccountUserRow = InferTypeOf<typeof TradeAccountUser>
export type WebhookEventRow = InferTypeOf<typeof WebhookEvent>

/** One request counted against a rate limit (`hitRateLimit`): whether it is allowed, and when its window ends on this
 * process's clock. */
export type RateLimitHit = { allowed: boolean; remaining: number; resetAt: number }

/** A returning buyer's matches token as the module keeps it (matches-tokens.ts), and one claimed with the time it had
 * left. */
export type { ClaimedMatches, KeptMatches } from "./matches-tokens"
