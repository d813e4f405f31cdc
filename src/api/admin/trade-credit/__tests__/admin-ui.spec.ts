import { readFileSync } from "node:fs"
import path from "node:path"
import { instalmentStates } from "../../../../core/plan/instalment-states"

const root = path.resolve(__dirname, "../../../../..")
const versionOf = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")).version as string

describe("the admin UI's dependencies", () => {
  it(
    "use the dashboard's own @tanstack/react-query (a second copy has no QueryClient: " + "the widgets would crash)",
    () => {
      const dashboard = JSON.parse(
        readFileSync(path.join(root, "node_modules/@medusajs/dashboard/package.json"), "utf8"),
      )
      const wanted = dashboard.dependencies["@tanstack/react-query"]
      const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
      expect(pkg.devDependencies["@tanstack/react-query"]).toBe(wanted)
      expect(versionOf("node_modules/@tanstack/react-query/package.json")).toBe(wanted)
    },
  )
})

describe("instalmentStates", () => {
  const plan = [
    { id: "i3", invoice_issue_date: "2027-03-01", repayment_amount: "100.02", status: "PLANNED" },
    { id: "i1", invoice_issue_date: "2027-01-01", repayment_amount: "100.00", status: "PLANNED" },
    { id: "i2", invoice_issue_date: "2027-02-01", repayment_amount: "100.00", status: "PLANNED" },
  ]
  const states = (invoiced: string | null, cancelled: string | null, instalments = plan) =>
    instalmentStates(instalments, { invoiced, cancelled }).map((i) => `${i.id}:${i.state}`)

  it("orders the schedule by issue date and keeps the recorded states without live amounts", () => {
    expect(states(null, null)).toEqual(["i1:PLANNED", "i2:PLANNED", "i3:PLANNED"])
  })

  it("marks the oldest instalments covered by the invoiced amount as invoiced, exactly to the cent", () => {
    expect(states("0.00", "0.00")).toEqual(["i1:PLANNED", "i2:PLANNED", "i3:PLANNED"])
    expect(states("100.00", "0.00")).toEqual(["i1:INVOICED", "i2:PLANNED", "i3:PLANNED"])
    expect(states("199.99", "0.00")).toEqual(["i1:INVOICED", "i2:PLANNED", "i3:PLANNED"])
    expect(states("300.02", "0.00")).toEqual(["i1:INVOICED", "i2:INVOICED", "i3:INVOICED"])
  })

  it(
    "marks the newest instalments covered by the cancelled amount as cancelled, " +
      "counting those recorded as cancelled",
    () => {
      expect(states("100.00", "200.02")).toEqual(["i1:INVOICED", "i2:CANCELLED", "i3:CANCELLED"])
      const recorded = plan.map((i) => (i.id === "i3" ? { ...i, status: "CANCELLED" } : i))
      expect(states("100.00", "100.02", recorded)).toEqual(["i1:INVOICED", "i2:PLANNED", "i3:CANCELLED"])
      expect(states("100.00", "200.02", recorded)).toEqual(["i1:INVOICED", "i2:CANCELLED", "i3:CANCELLED"])
    },
  )
})
