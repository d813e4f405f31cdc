import type { AnswerCache } from "../answer-cache"
import { COMPANY_SEARCH_CACHE_SECONDS, searchCompanies } from "../company-search"
import type { ServiceCall } from "../deps"
import { CompanyIdentities } from "../plan-check-reuse"
import { fakeKeptChecks } from "./fakes"

/** The checkout's company search: the service's answer, kept a minute per (country, query, limit). */

const ITEM = {
  canonical_id: "cmp_1",
  name: "Acme Ltd",
  country: "GB",
  national_identifier: { id: "01234567", type: "COMPANY_NUMBER" },
  highlight: "<mark>Acme</mark> Ltd",
  registered_address: "not for the storefront",
}

function setUp() {
  const entries = new Map<string, unknown>()
  const cache: AnswerCache & { set: jest.Mock } = {
    get: async <T>(key: string) => entries.get(key) as T | undefined,
    set: jest.fn(async (key: string, value: unknown) => void entries.set(key, value)),
  }
  const search = jest.fn(async () => ({ items: [ITEM, { ...ITEM, canonical_id: "cmp_2" }] }))
  const steps: string[] = []
  const call: ServiceCall = async (action, step) => (steps.push(action), await step())
  const deps = { client: { companies: { search } }, cache, call } as unknown as Parameters<typeof searchCompanies>[0]
  return { deps, cache, search, steps }
}

describe("searchCompanies", () => {
  it("keeps the companies an asked answer names whole (one write), none again for a cached answer", async () => {
    const { deps } = setUp()
    const kept = fakeKeptChecks()
    const keep = jest.spyOn(kept, "keep")
    const identities = new CompanyIdentities(kept)

    await searchCompanies({ ...deps, identities }, { country: "GB", q: "Acme", limit: 5 })
    await searchCompanies({ ...deps, identities }, { country: "GB", q: "Acme", limit: 5 })

    expect(keep).toHaveBeenCalledTimes(1)
    expect(await identities.get("cmp_2")).toEqual({ country: "GB", national_identifier: "01234567", name: "Acme Ltd" })
  })

  it("answers the matches (at most `limit`, the storefront's fields) and keeps the answer a minute", async () => {
    const { deps, cache, search, steps } = setUp()

    const first = await searchCompanies(deps, { country: "GB", q: "Acme", limit: 1 })

    expect(first).toEqual({
      cache: "miss",
      answer: {
        country: "GB",
        q: "Acme",
        items: [
          {
            canonical_id: "cmp_1",
            name: "Acme Ltd",
            country: "GB",
            national_identifier: ITEM.national_identifier,
            highlight: ITEM.highlight,
          },
        ],
      },
    })
    expect(search).toHaveBeenCalledWith({ country: "GB", q: "Acme", limit: 1 })
    expect(steps).toEqual(["search companies"])
    expect(cache.set).toHaveBeenCalledWith("GB|1|acme", expect.anything(), COMPANY_SEARCH_CACHE_SECONDS)

    // The same search in other letters is the same answer, from the cache.
    const again = await searchCompanies(deps, { country: "GB", q: "ACME", limit: 1 })
    expect(again).toEqual({ cache: "hit", answer: { ...first.answer, q: "ACME" } })
    expect(search).toHaveBeenCalledTimes(1)
  })
})
