/*
 * Medusa's account holder of a logged-in customer for the plan provider. The service's repayment account needs the
 * buyer's company, which only a payment session brings, so the holder only names the buyer (`buyer_key`, the customer
 * id) and the accounts made for the buyer's companies at checkout; its id is derived from the customer, so the same
 * customer always gets the same holder.
 */

const HOLDER_PREFIX = "buyer_"

/** The account holder id of a customer. */
export const accountHolderIdOf = (customerId: string) => `${HOLDER_PREFIX}${customerId}`

/** The buyer a Medusa account holder of this provider names in its data. */
export function accountHolderBuyerKey(
  holder: { data?: Record<string, unknown> | null } | null | undefined,
): string | undefined {
  const key = holder?.data?.buyer_key
  return typeof key === "string" && key ? key : undefined
}

/** The buyer of an account holder id (`buyer_<customer id>`), for a holder whose data is gone. */
export const externalBuyerKey = (externalId: string | null | undefined) =>
  externalId?.startsWith(HOLDER_PREFIX) ? externalId.slice(HOLDER_PREFIX.length) : undefined

/** What an account holder keeps: the buyer and the service's accounts of the buyer's companies. */
export function accountHolderData(
  buyerKey: string,
  accountIds: readonly string[],
  kept: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...kept, buyer_key: buyerKey, account_ids: [...accountIds] }
}
