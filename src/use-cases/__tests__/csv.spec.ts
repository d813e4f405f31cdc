import fc from "fast-check"
// Medusa's own CSV reader (a dependency of @medusajs/core-flows): what a spreadsheet or a script reads back.
import { parse } from "csv-parse/sync"
import { csvField, csvRecord, spreadsheetText } from "../csv"

describe("CSV", () => {
  it("quotes a field only when it must, doubling its quotes", () => {
    expect(csvField("plain")).toBe("plain")
    expect(csvField("1200.00")).toBe("1200.00")
    expect(csvField("Smith, Jones & Co")).toBe('"Smith, Jones & Co"')
    expect(csvField('The "Best" Ltd')).toBe('"The ""Best"" Ltd"')
    expect(csvField("two\nlines")).toBe('"two\nlines"')
    expect(csvField("cr\rhere")).toBe('"cr\rhere"')
    expect(csvField(" padded ")).toBe('" padded "')
    expect(csvField(null)).toBe("")
    expect(csvField(undefined)).toBe("")
    expect(csvField(false)).toBe("false")
    expect(csvRecord(["a", null, 'b"c', "d,e"])).toBe('a,,"b""c","d,e"\r\n')
  })

  it("reads back as written, whatever the text", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 5 })
          .chain((width) =>
            fc.array(fc.array(fc.string({ unit: "binary" }), { minLength: width, maxLength: width }), { minLength: 1 }),
          ),
        (rows) => {
          expect(parse(rows.map((row) => csvRecord(row)).join(""))).toEqual(rows)
        },
      ),
    )
  })

  it("keeps a spreadsheet from reading a text as a formula", () => {
    for (const formula of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(spreadsheetText(formula)).toBe(`'${formula}`)
    expect(spreadsheetText("Acme Ltd")).toBe("Acme Ltd")
    expect(spreadsheetText(null)).toBeNull()
  })
})
