import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  enrollmentOfCustomer,
  presentEnrollment,
  tradeCreditOf,
} from "../../../../../../workflows/enrollment/enrollment-store"
import { readCustomers } from "../../../../../../workflows/trade-accounts/lib/medusa-customers"
import type { TradeCreditEnrollment, TradeCreditEnrollmentAnswer } from "../../customer-ui-types"

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString()

/**
 * `GET /admin/trade-credit/customers/:id/enrollment`: the customer's
 * enrollment as a sole trader (status, organization number, company name,
 * country, when it was decided), or `null` when the customer never enrolled.
 * An unknown customer is 404 TRADE_CREDIT_CUSTOMER_NOT_FOUND; a malformed id
 * or any query parameter 400 TRADE_CREDIT_INVALID_PARAMETERS (middleware).
 * The admin's customer widget calls it. The row holds no personal data.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<TradeCreditEnrollmentAnswer>) {
  const [customer] = await readCustomers(req.scope, [req.params.id])
  const row = await enrollmentOfCustomer(tradeCreditOf(req.scope), customer.id)
  if (!row) return res.json({ enrollment: null })
  const presented = presentEnrollment(row)
  const enrollment: TradeCreditEnrollment = {
    ...presented,
    decided_at: iso(row.decided_at),
    last_polled_at: iso(row.last_polled_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
  res.json({ enrollment })
}
