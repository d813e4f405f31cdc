import { effectiveRegionSettings, periodsRefusalOf, storedRegionSettings, termsForBuyer } from "../region-settings"

describe("region settings: terms per buyer and the instalments offered", () => {
  const settings = effectiveRegionSettings(
    "reg_1",
    storedRegionSettings({
      invoice_terms_days: 30,
      instalment_periods: [12, 3, 6],
      invoice_terms_overrides: [
        { customer_group_id: "cusgroup_wholesale", invoice_terms_days: 45 },
        { customer_group_id: "cusgroup_key", invoice_terms_days: 60 },
        { customer_id: "cus_vip", invoice_terms_days: 90 },
      ],
    }),
    { invoiceTermsDays: 14, captureOn: "shipment" },
  )

  it("reads the stored row back as it was given (periods ascending)", () => {
    expect(settings).toMatchObject({ invoice_terms_days: 30, instalment_periods: [3, 6, 12] })
    expect(settings.invoice_terms_overrides).toHaveLength(3)
    expect(
      effectiveRegionSettings(
        "reg_1",
        storedRegionSettings({ instalment_periods: null, invoice_terms_overrides: [] }),
        { invoiceTermsDays: 14, captureOn: "shipment" },
      ),
    ).toMatchObject({
      instalment_periods: null,
      invoice_terms_overrides: [],
      invoice_terms_days: 14,
    })
  })

  it("gives a customer their own terms, else the longest of their groups', else the region's", () => {
    const buyer = (customerId: string, groupIds: string[] = [], hasAccount = true) =>
      termsForBuyer(settings, { customerId, groupIds, hasAccount })
    expect(buyer("cus_vip", ["cusgroup_wholesale"])).toBe(90)
    expect(buyer("cus_1", ["cusgroup_wholesale", "cusgroup_key"])).toBe(60)
    expect(buyer("cus_1", ["cusgroup_wholesale"])).toBe(45)
    expect(buyer("cus_1", ["cusgroup_other"])).toBe(30)
    // A guest record (no account) is whoever typed the email: the region's terms.
    expect(buyer("cus_vip", ["cusgroup_key"], false)).toBe(30)
  })

  it("refuses a number of months the region does not offer, naming those it does", () => {
    expect(periodsRefusalOf(settings, 6)).toBeUndefined()
    expect(periodsRefusalOf(settings, 24)).toBe("24 monthly instalments are not offered here: choose 3, 6, 12")
    expect(periodsRefusalOf({ instalment_periods: null }, 24)).toBeUndefined()
  })

  it("takes capture, invoice language and the declined buyer's view from the row, else the defaults", () => {
    const defaults = effectiveRegionSettings("reg_1", undefined, { captureOn: "fulfillment" })
    expect(defaults).toMatchObject({ capture_on: "fulfillment", invoice_language: null, hide_when_declined: true })
    const row = storedRegionSettings({ capture_on: "order", invoice_language: "sv_SE", hide_when_declined: false })
    expect(effectiveRegionSettings("reg_1", row, { captureOn: "shipment" })).toMatchObject({
      capture_on: "order",
      invoice_language: "sv_SE",
      hide_when_declined: false,
    })
    // What a company in an arrears block sees: hidden unless the region greys it; anything else stored counts as hide.
    expect(defaults.arrears_block_display).toBe("hide")
    const grey = storedRegionSettings({ arrears_block_display: "grey" })
    expect(effectiveRegionSettings("reg_1", grey, { captureOn: "shipment" }).arrears_block_display).toBe("grey")
    const odd = { arrears_block_display: "blink" } as never
    expect(effectiveRegionSettings("reg_1", odd, { captureOn: "shipment" }).arrears_block_display).toBe("hide")
    // A language the service does not issue invoices in (an old row, a hand edit) counts as none.
    expect(
      effectiveRegionSettings("reg_1", { invoice_language: "fr_FR" }, { captureOn: "shipment" }).invoice_language,
    ).toBeNull()
  })
})
