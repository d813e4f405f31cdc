import { findErasureRequest } from "../erasure-request"
import { adminFakes } from "./admin-fakes"

/** One erasure request by its id, for the admin. */

describe("findErasureRequest", () => {
  it("finds the request the module recorded under the id", async () => {
    const row = { id: "tcera_1", reference: "GDPR-1", status: "submitted" }
    const { deps, module } = adminFakes({ rows: { listErasureRequests: [row] } })

    expect(await findErasureRequest(deps, "tcera_1")).toEqual({ outcome: "found", request: row })
    expect(module.listErasureRequests).toHaveBeenCalledWith({ id: "tcera_1" }, { take: 1 })
  })

  it("refuses an unknown id with a code, quoting it bounded", async () => {
    const { deps } = adminFakes()

    expect(await findErasureRequest(deps, "tcera_missing")).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND",
      message: "Erasure request tcera_missing was not found",
    })
    const long = await findErasureRequest(deps, "x".repeat(500))
    expect(long.outcome === "refused" && long.message.length).toBeLessThan(200)
  })
})
