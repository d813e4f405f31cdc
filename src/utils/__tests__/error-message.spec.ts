import { errorMessage } from "../error-message"

describe("errorMessage", () => {
  it("reads an Error's message", () => {
    expect(errorMessage(new Error("the service refused"))).toBe("the service refused")
  })

  it("reads the message of an error-like object (a workflow step's error, rethrown as a plain object)", () => {
    expect(errorMessage({ message: "Session was not authorized", name: "Error", stack: "…" })).toBe(
      "Session was not authorized",
    )
  })

  it("falls back to the value as text", () => {
    expect(errorMessage("timeout")).toBe("timeout")
    expect(errorMessage({ code: 1 })).toBe("[object Object]")
    expect(errorMessage(null)).toBe("null")
  })
})
