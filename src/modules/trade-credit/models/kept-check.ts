import { model } from "@medusajs/framework/utils"

/**
 * An approved answer of the service kept a while for reuse, where every Medusa instance reads it: an order intent of a
 * cart (the pre-check's or a payment session's), an instalment credit check's limits, what a company search said of a
 * company. A payment session started on one instance reuses the check the store's pre-check made on another, so the
 * buyer does not wait for the same check twice. Only kept-checks.ts writes it: one row per key, replaced by a newer
 * answer, gone once expired (`expires_at`, on PostgreSQL's clock). Declines are never kept.
 */
export const KeptCheck = model
  .define("trade_credit_kept_check", {
    /** `intent:<cart id>:<body digest>`, `plan:<cart id>:<body digest>` or `company:<canonical id>`. */
    key: model.text().primaryKey(),
    /** The answer as the service gave it (an approved intent, a plan's limits, a company's identity). */
    answer: model.json(),
    /** An intent's tracking id: an order made with it spends the row (`spent_at`), which is then never reused. */
    tracking_id: model.text().nullable(),
    spent_at: model.dateTime().nullable(),
    expires_at: model.dateTime(),
  })
  .indexes([{ on: ["expires_at"] }, { on: ["tracking_id"] }])
