import { parseSessionInput } from "../../core/order/session-input"
import { digestOf } from "../../core/plan/plan-idempotency-keys"
import {
  type AccountBody,
  accountReferenceOf,
  accountUpdateOf,
  buildAccountBody,
  withCustomerDetails,
} from "../../core/plan/repayment-account-body"
import { companyKeyOf, type ResolvedCompany } from "../../core/plan/repayment-company"
import { AccountUpdateRequest } from "../../service/schemas/repayment"
import { syncBuyerAccounts } from "../account-holders"
import { type AccountLinkRow, ACCOUNT_ID, checkoutCart, fakes, rejection, serviceUnavailable } from "./fakes"

const BUYER = "cus_01BUYER"

const COMPANY: ResolvedCompany = {
  trade_name: "Acme-Ltd",
  company_name: "Acme Ltd",
  official_address: { address_line_1: "1 King Street", city: "London", postal_code: "EC2V 8AU", country_code: "GB" },
  country_code: "GB",
  national_identifier: "01234567",
  company_key: companyKeyOf("GB", "01234567"),
}

/** The account body the checkout sent (core's builder, from the checkout's cart), and the link that keeps it. */
function checkoutAccount(): { body: AccountBody; link: AccountLinkRow } {
  const input = parseSessionInput({ company: { company_canonical_id: "GB01234567" } })
  const body = buildAccountBody(input, checkoutCart(), COMPANY, accountReferenceOf(BUYER, COMPANY.company_key))
  const link = {
    id: "tcbra_1",
    buyer_key: BUYER,
    company_key: COMPANY.company_key,
    account_id: ACCOUNT_ID,
    digest: digestOf(body),
    body,
  }
  return { body, link }
}

const renamed = { id: BUYER, first_name: "Augusta", last_name: "King", email: "augusta@acme.example" }

describe("syncBuyerAccounts", () => {
  it("sends the customer's changed details to each of the buyer's accounts, and keeps the body it sent", async () => {
    const { body, link } = checkoutAccount()
    const { deps, client, plugin } = fakes({ accountLinks: [link] })
    client.repayment.updateAccount.mockResolvedValue(undefined)
    const module = plugin.service

    const ids = await syncBuyerAccounts({ client: deps.client, call: deps.call, module }, BUYER, renamed)

    expect(ids).toEqual([ACCOUNT_ID])
    const [accountId, update, { idempotencyKey }] = client.repayment.updateAccount.mock.calls[0]
    expect(accountId).toBe(ACCOUNT_ID)
    expect(AccountUpdateRequest.safeParse(update).success).toBe(true)
    expect(update).toEqual(accountUpdateOf(withCustomerDetails(body, renamed)))
    expect(update.account_representative).toMatchObject({ first_name: "Augusta", last_name: "King" })
    expect(idempotencyKey).toEqual(expect.any(String))
    expect(plugin.accountLinks.rows[0].digest).not.toBe(link.digest)
    expect(plugin.accountLinks.rows[0].body).toMatchObject({ account_representative: { first_name: "Augusta" } })
  })

  it("an unchanged body (by its digest) makes no call", async () => {
    const { body, link } = checkoutAccount()
    const { deps, client, plugin } = fakes({ accountLinks: [link] })
    const same = { id: BUYER, first_name: "Ada", last_name: "Lovelace", email: "ada@acme.example" }
    const unchanged = withCustomerDetails(body, same)
    plugin.accountLinks.rows[0].digest = digestOf(unchanged)

    const ids = await syncBuyerAccounts({ client: deps.client, call: deps.call, module: plugin.service }, BUYER, same)

    expect(ids).toEqual([ACCOUNT_ID])
    expect(client.repayment.updateAccount).not.toHaveBeenCalled()
  })

  it("a buyer with no accounts answers none, and calls nothing", async () => {
    const { deps, client, plugin } = fakes()

    await expect(
      syncBuyerAccounts({ client: deps.client, call: deps.call, module: plugin.service }, BUYER, renamed),
    ).resolves.toEqual([])
    expect(client.repayment.updateAccount).not.toHaveBeenCalled()
  })

  it("a failed update is mapped, and the link keeps the body the service has", async () => {
    const { link } = checkoutAccount()
    const { deps, client, plugin } = fakes({ accountLinks: [link] })
    client.repayment.updateAccount.mockRejectedValue(serviceUnavailable())

    const error = await rejection(
      syncBuyerAccounts({ client: deps.client, call: deps.call, module: plugin.service }, BUYER, renamed),
    )

    expect(error.message).toMatch(/^The trade credit service could not update the buyer's repayment account right now/)
    expect(plugin.accountLinks.rows[0].digest).toBe(link.digest)
  })
})
