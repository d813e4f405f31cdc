import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useCustomerCompanies } from "../../lib/trade-credit-receivables-api"
import { CompanyCredit } from "./company-credit"
import { Failed, Loading, SectionTitle } from "./section-parts"

/**
 * Credit: for each company the customer buys for, its credit limit, remaining balance, maximum single order value
 * and arrears, as the service last told them (`customer.credit_limit.updated.v1` and the arrears events).
 */
export const CompanyCreditSection = ({ customerId }: { customerId: string }) => {
  const { t } = useTranslation("tradeCredit")
  const { data: companies, isLoading, error } = useCustomerCompanies(customerId)
  return (
    <div className="pb-2" data-testid="tc-company-credit">
      <SectionTitle>{t("receivables.credit.title")}</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("receivables.credit.loadFailed", { error: (error as Error).message })} />
      ) : !companies?.length ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2">
          {t("receivables.credit.noCompany")}
        </Text>
      ) : (
        companies.map((company) => (
          <CompanyCredit key={`${company.country_code ?? ""}:${company.organization_number}`} company={company} />
        ))
      )}
    </div>
  )
}
