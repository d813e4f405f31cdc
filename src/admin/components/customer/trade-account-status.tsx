import { useTranslation } from "react-i18next"
import type { TradeCreditTradeAccount } from "../../lib/trade-credit-customer-api"
import { StatusTag } from "./status-tag"

type User = TradeCreditTradeAccount["users"][number]

/** Not onboarded, or onboarded and (with the customer's user) verified or not. */
export const TradeAccountStatus = ({
  account,
  user,
}: {
  account: TradeCreditTradeAccount | null
  user: User | null
}) => {
  const { t } = useTranslation("tradeCredit")
  return !account ? (
    <StatusTag
      value="NOT_ONBOARDED"
      text={t("customer.tradeAccount.notOnboarded")}
      color="grey"
      testId="tc-trade-account-status"
    />
  ) : (
    <>
      <StatusTag
        value="ONBOARDED"
        text={t("customer.tradeAccount.onboarded")}
        color="blue"
        testId="tc-trade-account-status"
      />
      {user && (
        <StatusTag
          value={user.verified ? "VERIFIED" : "NOT_VERIFIED"}
          text={user.verified ? t("customer.tradeAccount.verified") : t("customer.tradeAccount.notVerified")}
          color={user.verified ? "green" : "orange"}
          testId="tc-user-verified"
        />
      )}
    </>
  )
}
