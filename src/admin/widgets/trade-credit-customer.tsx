import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { CompanyCreditSection } from "../components/customer/company-credit-section"
import { EnrollmentSection } from "../components/customer/enrollment-section"
import { ErasureSection } from "../components/customer/erasure-section"
import { TradeAccountSection } from "../components/customer/trade-account-section"

/**
 * The trade credit side of a customer: the sole-trader enrollment, the trade
 * account (onboard, send the user's verification link), the credit and arrears
 * of the companies the customer buys for, and right-to-erasure
 * requests (irreversible: confirmed in a prompt). Refusals are shown with the
 * route's message and code.
 */
const TradeCreditCustomerWidget = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <Container className="divide-y p-0" data-testid="trade-credit-customer-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("common.title")}</Heading>
      </div>
      <EnrollmentSection customerId={customer.id} />
      <TradeAccountSection customer={customer} />
      <CompanyCreditSection customerId={customer.id} />
      <ErasureSection customer={customer} />
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default TradeCreditCustomerWidget
