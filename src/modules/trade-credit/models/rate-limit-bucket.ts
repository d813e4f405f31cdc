import { model } from "@medusajs/framework/utils"

/**
 * One fixed window of a store route's rate limit (src/api/utils/rate-limit.ts): the requests counted for a key
 * (the limit's name and the customer or address) until `reset_at`. Kept in the database so that every Medusa
 * instance on it counts into the same bucket; only `hitRateLimit` writes it (one atomic upsert), and expired rows
 * are deleted as hits go by.
 */
export const RateLimitBucket = model
  .define("trade_credit_rate_limit_bucket", {
    /** `<limit name>|customer:<id>` or `<limit name>|ip:<address>`: the key the upsert conflicts on. */
    key: model.text().primaryKey(),
    count: model.number().default(0),
    /** The end of the window, on PostgreSQL's clock. */
    reset_at: model.dateTime(),
  })
  .indexes([{ on: ["reset_at"] }])
