import { useEffect, useState } from "react"
import { type ReceivablesQuery, useReceivables } from "../../lib/trade-credit-receivables-api"

/** Documents per page. */
export const PAGE_SIZE = 20
/** How long the search waits after the last key before it asks (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 300

export type ReceivablesFilters = { status: string; kind: string; q: string }

/**
 * The Receivables page's state: its filters ("all" for none), the search text as typed and as asked (after a pause),
 * the page, and the documents they select. A changed filter goes back to the first page.
 */
export function useReceivablesPage() {
  const [filters, setFilters] = useState<ReceivablesFilters>({ status: "all", kind: "all", q: "" })
  const [search, setSearch] = useState("")
  const [pageIndex, setPageIndex] = useState(0)

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) => (current.q === search.trim() ? current : { ...current, q: search.trim() }))
      setPageIndex(0)
    }, SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [search])

  const query: ReceivablesQuery = {
    status: filters.status === "all" ? undefined : filters.status,
    kind: filters.kind === "all" ? undefined : filters.kind,
    q: filters.q || undefined,
    limit: PAGE_SIZE,
    offset: pageIndex * PAGE_SIZE,
  }
  const result = useReceivables(query)
  const count = result.data?.count ?? 0

  return {
    filters,
    setFilter: (name: "status" | "kind", value: string) => {
      setFilters((current) => ({ ...current, [name]: value }))
      setPageIndex(0)
    },
    search,
    setSearch,
    query,
    result,
    paging: {
      count,
      pageSize: PAGE_SIZE,
      pageIndex,
      pageCount: Math.max(1, Math.ceil(count / PAGE_SIZE)),
      canPreviousPage: pageIndex > 0,
      canNextPage: (pageIndex + 1) * PAGE_SIZE < count,
      previousPage: () => setPageIndex((index) => Math.max(0, index - 1)),
      nextPage: () => setPageIndex((index) => index + 1),
    },
  }
}
