import type { Logger } from "@medusajs/framework/types"
import type { CompanyCredits } from "../use-cases/company-credits"
import { errorIds, logLine } from "../utils/log-line"
import type { MedusaServices } from "./services"

/**
 * The company credits (use-cases/company-credits.ts) in the plugin's module, as its webhook events left them
 * (`companyCreditOf`: the company's own row and the country-less row of the arrears events). Without the module, or
 * when its database answer fails, nothing is known (logged): the checkout asks the service as it would have, and
 * never fails for it.
 */
export function companyCreditsOf(medusa: Pick<MedusaServices, "tradeCredit">, logger: Logger): CompanyCredits {
  return {
    of: async ({ country_code, organization_number }) => {
      try {
        return (await medusa.tradeCredit()?.companyCreditOf(country_code, organization_number)) ?? null
      } catch (error) {
        const message = `trade-credit: reading the buyer company's credit failed: ${(error as Error).message}`
        logLine(logger, "warn", message, errorIds(error))
        return null
      }
    },
  }
}
