import { integrationArea } from "../helpers/area"
import storefrontRoutes from "./checkout/storefront-routes"
import instalments from "./checkout/instalments"
import invoiceCheckout from "./checkout/invoice-checkout"
import currencies from "./checkout/currencies"
import returnRoute from "./checkout/return-route"
import companyCredit from "./checkout/company-credit"

jest.setTimeout(600_000)

integrationArea([storefrontRoutes, instalments, invoiceCheckout, currencies, returnRoute, companyCredit])
