/**
 * @jest-environment jsdom
 */
// InvoicesAndInstalments mounted (effects and all) in jsdom, as a browser runs it: the documents read with the
// browser's login through the SDK, a visitor not logged in, a failure.
import { render, screen, waitFor } from "@testing-library/react"
import { KIT_TEXTS } from ".."
import { InvoicesAndInstalments } from "../react"
import { documentOf, fakeSdk } from "./documents-fakes"

const doc = documentOf()

describe("InvoicesAndInstalments, mounted", () => {
  it("reads the documents with the browser's login through the SDK", async () => {
    const { sdk, calls } = fakeSdk({ documents: [doc], count: 1, limit: 50, offset: 0 })
    render(<InvoicesAndInstalments sdk={sdk} language="nb" />)
    await screen.findByText("INV-000001")
    expect(calls[0].input).toBe("/store/trade-credit/documents")
    expect(screen.getByRole("button", { name: "Last ned PDF" })).toBeTruthy()
  })

  it("asks a visitor who is not logged in to log in, and says a failure in plain words", async () => {
    const { sdk } = fakeSdk("Unauthorized", 401)
    const { unmount } = render(<InvoicesAndInstalments sdk={sdk} language="sv" />)
    await screen.findByText("Logga in för att se dina fakturor.")
    unmount()
    const failing = fakeSdk("An unknown error occurred.", 500)
    render(<InvoicesAndInstalments sdk={failing.sdk} />)
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(KIT_TEXTS["documents.failed"].en))
  })
})
