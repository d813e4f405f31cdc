import { model } from "@medusajs/framework/utils"

/**
 * The returning sole-trader buyer's matches token (the service's delegated token that lists the businesses of a
 * verified email), kept per customer between the verification (`.../returning-buyer/verification/code`) and the
 * buyer's choice (`.../returning-buyer/choice`), which may reach another Medusa instance: so it is kept in the
 * database, not in one process. It never leaves the server. Only `keepMatchesToken`, `claimMatchesToken` and
 * `restoreMatchesToken` write it (matches-tokens.ts): one row per customer, used up once by the choice, and gone
 * once expired (`expires_at`, on PostgreSQL's clock).
 */
export const MatchesToken = model
  .define("trade_credit_matches_token", {
    customer_id: model.text().primaryKey(),
    /** The verified email the token lists the businesses of. */
    email: model.text(),
    /** The service's token, sealed (AES-256-GCM, a key derived from the API key: matches-tokens.ts); never logged,
     * never answered. */
    token: model.text(),
    expires_at: model.dateTime(),
  })
  .indexes([{ on: ["expires_at"] }])
