import { retrieveCustomer } from "@lib/data/customer"
import Login from "@modules/account/components/login"
import TradeCreditDocuments from "@modules/account/components/trade-credit-documents"
import { Metadata } from "next"

// A stand-in for the dtc-starter's account (its @login and @dashboard slots in one page): the login form, or the
// customer's overview with their invoices and instalments.

type Props = {
  params: Promise<{ countryCode: string }>
}

export const metadata: Metadata = {
  title: "Account",
  description: "Overview of your account activity.",
}

export default async function Account(props: Props) {
  const { countryCode } = await props.params
  const customer = await retrieveCustomer()

  if (!customer) {
    return <Login />
  }

  return (
    <div className="account" data-testid="overview-page-wrapper">
      <h1>Hello {customer.first_name}</h1>
      <p data-testid="customer-email">Signed in as: {customer.email}</p>
      <TradeCreditDocuments countryCode={countryCode} />
    </div>
  )
}
