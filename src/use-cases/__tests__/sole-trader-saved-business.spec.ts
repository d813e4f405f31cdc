import { recordSavedBusiness } from "../sole-trader-saved-business"
import { enrollmentRow, soleTraderFakes } from "./sole-trader-fakes"

/** The business the signup popup saved in the service's autofill becomes the customer's enrollment, once. */

const SAVED = { company_name: "Ada's Desks", country_code: "GB", organization_number: "SOLE-0001" }

describe("recordSavedBusiness", () => {
  it("enrols the saved business (VERIFIED, from autofill) for a customer without an enrollment", async () => {
    const { deps, autofill, enrol } = soleTraderFakes()
    autofill.readCurrentBuyer.mockResolvedValue({ ...SAVED })

    expect(await recordSavedBusiness(deps, "cus_1")).toEqual({ outcome: "saved", business: SAVED })
    expect(autofill.readCurrentBuyer).toHaveBeenCalledWith({ buyerReference: "cus_1" })
    expect(enrol).toHaveBeenCalledWith({
      customer_id: "cus_1",
      status: "VERIFIED",
      source: "autofill",
      proposal_id: null,
      business: SAVED,
    })
  })

  it("names a business without a name by the billing address's organization, else its number", async () => {
    const { deps, autofill } = soleTraderFakes()
    autofill.readCurrentBuyer.mockResolvedValueOnce({
      country_code: "GB",
      organization_number: "SOLE-0001",
      billing_address: { organization_name: "Ada Trading" },
    })
    autofill.readCurrentBuyer.mockResolvedValueOnce({ country_code: "GB", organization_number: "SOLE-0001" })

    expect(await recordSavedBusiness(deps, "cus_1")).toMatchObject({ business: { company_name: "Ada Trading" } })
    expect(await recordSavedBusiness(deps, "cus_1")).toMatchObject({ business: { company_name: "SOLE-0001" } })
  })

  it("changes nothing for a customer enrolled with that business already", async () => {
    const { deps, autofill, enrol, applyProposalState } = soleTraderFakes({ enrollment: enrollmentRow() })
    autofill.readCurrentBuyer.mockResolvedValue({ ...SAVED })

    expect(await recordSavedBusiness(deps, "cus_1")).toMatchObject({ outcome: "saved" })
    expect(enrol).not.toHaveBeenCalled()
    expect(applyProposalState).not.toHaveBeenCalled()
  })

  it("takes the customer's own proposal's accepted state as the record when it names the business", async () => {
    const proposal = enrollmentRow({ status: "IN_REVIEW", source: "proposal", proposal_id: "prop_1" })
    const { deps, autofill, enrol, applyProposalState } = soleTraderFakes({ enrollment: proposal })
    autofill.readCurrentBuyer.mockResolvedValue({ ...SAVED })
    applyProposalState.mockResolvedValueOnce({ ...proposal, status: "ACCEPTED" })

    await recordSavedBusiness(deps, "cus_1")

    expect(applyProposalState).toHaveBeenCalledWith("prop_1")
    expect(enrol).not.toHaveBeenCalled()
  })

  it("is refused while nothing is saved", async () => {
    const { deps, autofill, enrol } = soleTraderFakes()
    autofill.readCurrentBuyer.mockResolvedValue(null)

    expect(await recordSavedBusiness(deps, "cus_1")).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_AUTOFILL_EMPTY",
    })
    expect(enrol).not.toHaveBeenCalled()
  })
})
