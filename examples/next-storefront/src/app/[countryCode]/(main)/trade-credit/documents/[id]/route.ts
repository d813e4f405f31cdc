import { sdk } from "@lib/config"
import { getAuthHeaders } from "@lib/data/cookies"
import { tradeCreditDocumentRoute } from "medusa-payment-trade-credit-storefront"
export const GET = tradeCreditDocumentRoute({ sdk, headers: getAuthHeaders })
