import { z } from "@medusajs/framework/zod"
import { SessionCompany } from "../../../../../../core/order/session-input"

/**
 * `POST /store/trade-credit/carts/:id/pre-check {company?}`: the buyer's
 * company as the payment session will name it (`{company_canonical_id}` from
 * the company search, or `{organization_number, country_prefix,
 * company_name}`). Left out: the company of the cart's trade credit session.
 */
export const PreCheckBody = z.object({ company: SessionCompany.optional() }).strict()
export type PreCheckBody = z.output<typeof PreCheckBody>
