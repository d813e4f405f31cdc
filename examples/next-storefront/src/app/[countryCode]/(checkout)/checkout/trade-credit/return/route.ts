import { sdk } from "@lib/config"
import { tradeCreditReturnRoute } from "medusa-payment-trade-credit-storefront"
export const GET = tradeCreditReturnRoute({ sdk })
