import { Input, Select } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { ReceivablesFilters as Filters } from "./use-receivables-page"

/** The statuses the merchant picks from (open and overdue never overlap) and the kinds of document. */
const STATUSES = ["open", "overdue", "paid", "in_collection", "recoursed", "credited"]
const KINDS = ["invoice", "credit_note", "instalment_invoice", "statement"]

/** One filter: "all", or one of its values in the admin's words. */
const FilterSelect = ({
  name,
  value,
  values,
  words,
  onChange,
}: {
  name: "status" | "kind"
  value: string
  values: string[]
  words: string
  onChange: (value: string) => void
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="w-[180px]">
      <Select size="small" value={value} onValueChange={onChange}>
        <Select.Trigger data-testid={`tc-filter-${name}`} aria-label={t(`receivables.page.${name}`)}>
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value="all">{t(`receivables.page.all.${name}`)}</Select.Item>
          {values.map((v) => (
            <Select.Item key={v} value={v}>
              {t(`receivables.${words}.${v}`)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </div>
  )
}

/** The page's filters: status, kind and a search by number or company. */
export const ReceivablesFilterBar = ({
  filters,
  setFilter,
  search,
  setSearch,
}: {
  filters: Filters
  setFilter: (name: "status" | "kind", value: string) => void
  search: string
  setSearch: (value: string) => void
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="flex flex-wrap items-center gap-2 px-6 py-4">
      <FilterSelect
        name="status"
        value={filters.status}
        values={STATUSES}
        words="statuses"
        onChange={(v) => setFilter("status", v)}
      />
      <FilterSelect
        name="kind"
        value={filters.kind}
        values={KINDS}
        words="kinds"
        onChange={(v) => setFilter("kind", v)}
      />
      <div className="w-[260px]">
        <Input
          size="small"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t("receivables.page.searchPlaceholder")}
          aria-label={t("receivables.page.searchPlaceholder")}
          data-testid="tc-receivables-search"
        />
      </div>
    </div>
  )
}
