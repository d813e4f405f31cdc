import type { AdminCustomer } from "@medusajs/framework/types"
import { Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { describeError, useCustomerTradeAccount, useSendVerificationLink } from "../../lib/trade-credit-customer-api"
import { OnboardForm } from "./onboard-form"
import { Failed, Loading, SectionTitle } from "./section-parts"
import { TradeAccountDetails } from "./trade-account-details"
import { TradeAccountStatus } from "./trade-account-status"

/** Trade account: not onboarded / onboarded, the customer's user verified or not; "Onboard" and "Send verification
 * link". */
export const TradeAccountSection = ({ customer }: { customer: AdminCustomer }) => {
  const { t } = useTranslation("tradeCredit")
  const { data, isLoading, error } = useCustomerTradeAccount(customer.id)
  const sendLink = useSendVerificationLink(customer.id)
  const [onboarding, setOnboarding] = useState(false)
  const account = data?.trade_account ?? null
  const user = data?.user ?? null

  return (
    <div className="pb-2" data-testid="tc-trade-account">
      <SectionTitle
        aside={
          !isLoading && !error ? (
            <div className="flex items-center gap-x-2">
              <TradeAccountStatus account={account} user={user} />
              {!account && !onboarding && (
                <Button size="small" variant="secondary" onClick={() => setOnboarding(true)} data-testid="tc-onboard">
                  {t("customer.onboard.submit")}
                </Button>
              )}
            </div>
          ) : undefined
        }
      >
        {t("customer.tradeAccount.title")}
      </SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("customer.tradeAccount.loadFailed", { error: describeError(error) })} />
      ) : !account ? (
        onboarding ? (
          <OnboardForm
            customerId={customer.id}
            companyName={customer.company_name ?? null}
            onDone={() => setOnboarding(false)}
          />
        ) : (
          <Text size="small" className="text-ui-fg-muted px-6 py-2">
            {t("customer.tradeAccount.none")}
          </Text>
        )
      ) : (
        <TradeAccountDetails account={account} user={user} sendLink={sendLink} />
      )}
    </div>
  )
}
