import { Copy, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { TradeCreditTradeAccount, useSendVerificationLink } from "../../lib/trade-credit-customer-api"
import { DetailRow } from "../common/detail-row"
import { dateTime } from "./date-time"
import { Value } from "./section-parts"
import { VerificationLink } from "./verification-link"

type User = TradeCreditTradeAccount["users"][number]

/** An onboarded trade account: the business, its company, the service's customer, this customer's user. */
export const TradeAccountDetails = ({
  account,
  user,
  sendLink,
}: {
  account: TradeCreditTradeAccount
  user: User | null
  sendLink: ReturnType<typeof useSendVerificationLink>
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <>
      <DetailRow title={t("customer.tradeAccount.business")}>
        <Value testId="tc-trade-name">{account.trade_name}</Value>
      </DetailRow>
      <DetailRow title={t("customer.tradeAccount.company")}>
        <Value mono>
          {account.organization_number
            ? `${account.country_code ?? ""} ${account.organization_number}`.trim()
            : [account.country_code, account.canonical_id].filter(Boolean).join(" ")}
        </Value>
      </DetailRow>
      <DetailRow title={t("customer.tradeAccount.serviceCustomer")}>
        <Value mono testId="tc-service-customer-id">
          {account.service_customer_id}
        </Value>
        <Copy content={account.service_customer_id} />
      </DetailRow>
      {user && (
        <DetailRow title={t("customer.tradeAccount.thisCustomer")}>
          <Text size="small" leading="compact">
            {!user.verified
              ? t("customer.tradeAccount.notVerifiedYet")
              : user.verified_at
                ? t("customer.tradeAccount.verifiedAt", { at: dateTime(user.verified_at) })
                : t("customer.tradeAccount.verified")}
          </Text>
        </DetailRow>
      )}
      {account.users.length > 1 && (
        <DetailRow title={t("customer.tradeAccount.users")}>
          <Text size="small" leading="compact">
            {t("customer.tradeAccount.usersCount", { count: account.users.length })}
          </Text>
        </DetailRow>
      )}
      {user && !user.verified && <VerificationLink tradeAccountId={account.id} sendLink={sendLink} />}
    </>
  )
}
