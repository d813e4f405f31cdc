import { parseUnits } from "../core/money/units"
import type { RegionSettingFields } from "../core/region/region-settings"
import type { Query } from "../medusa/services"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { TradeCreditRegionSettingsAnswer } from "../api/admin/trade-credit/admin-ui-types"
import type { SaveRegionSettingsInput } from "../workflows/region-settings/save-region-settings"

/** How many audit entries the settings answer lists, newest first. */
const CHANGES_SHOWN = 50

type Region = { id: string; name: string; currency_code: string }

export type RegionSettingsDeps = {
  query: Pick<Query, "graph">
  /** The plugin's module: a region's settings as they apply, and their audit list. */
  module: Pick<TradeCreditModuleService, "regionSettingsOf" | "listSettingChanges">
}

export type RegionSettingsChangeDeps = RegionSettingsDeps & {
  /** Runs `job` under Medusa's lock on `key`, on every instance (the locking module). */
  lock: <T>(key: string, job: () => Promise<T>) => Promise<T>
  /** saveRegionSettingsWorkflow (src/workflows, above the use cases: the route hands it in). */
  save: (input: SaveRegionSettingsInput) => Promise<unknown>
}

export type RegionSettingsRefusal = {
  outcome: "refused"
  code: "TRADE_CREDIT_REGION_NOT_FOUND" | "TRADE_CREDIT_INVALID_SETTINGS"
  message: string
}

export type RegionSettingsOutcome =
  { outcome: "settings"; answer: TradeCreditRegionSettingsAnswer } | RegionSettingsRefusal

export type RegionSettingsChange = {
  region_id: string
  /** The fields to change (validated by the route's middleware); a field left out keeps its value. */
  changes: Partial<RegionSettingFields>
  /** The admin user making the change. */
  actor_id: string | null
}

/** A region's trade credit settings as they apply, and their changes; refused with a code for an unknown region. */
export async function readRegionSettings(deps: RegionSettingsDeps, regionId: string): Promise<RegionSettingsOutcome> {
  const region = await regionOf(deps.query, regionId)
  if (region.outcome === "refused") return region
  return { outcome: "settings", answer: await answerOf(deps, region.region) }
}

/**
 * Changes some of a region's settings. Takes effect at once, on every instance: the providers read the settings at
 * the start of each payment session. Each changed field is kept in the audit list with the admin user. Refused with a
 * code: an unknown region, a customer group or customer the terms overrides name that does not exist, a minimum above
 * the maximum (as saved, for the one not changed).
 */
export async function changeRegionSettings(
  deps: RegionSettingsChangeDeps,
  input: RegionSettingsChange,
): Promise<RegionSettingsOutcome> {
  const region = await regionOf(deps.query, input.region_id)
  if (region.outcome === "refused") return region
  const unknownTarget = await unknownOverrideTarget(deps.query, input.changes.invoice_terms_overrides)
  if (unknownTarget) return unknownTarget
  // One change of a region at a time, on every instance: the minimum is checked against the maximum as saved, the
  // first change creates the row once, and each audit entry's old value is the one it replaced.
  const refused = await deps.lock(`trade-credit:region-settings:${region.region.id}`, () =>
    checkAndSave(deps, { ...input, region_id: region.region.id }),
  )
  if (refused) return refused
  return { outcome: "settings", answer: await answerOf(deps, region.region) }
}

async function regionOf(
  query: RegionSettingsDeps["query"],
  id: string,
): Promise<{ outcome: "region"; region: Region } | RegionSettingsRefusal> {
  const { data } = await query.graph({ entity: "region", fields: ["id", "name", "currency_code"], filters: { id } })
  if (!data[0])
    return { outcome: "refused", code: "TRADE_CREDIT_REGION_NOT_FOUND", message: `Region ${id} was not found` }
  return { outcome: "region", region: data[0] as Region }
}

async function answerOf(deps: RegionSettingsDeps, region: Region): Promise<TradeCreditRegionSettingsAnswer> {
  const changes = await deps.module.listSettingChanges(
    { region_id: region.id },
    { take: CHANGES_SHOWN, order: { created_at: "DESC" } },
  )
  return {
    region: { id: region.id, name: region.name, currency_code: region.currency_code },
    settings: await deps.module.regionSettingsOf(region.id),
    changes: changes.map((c) => ({
      id: c.id,
      at: new Date(c.created_at).toISOString(),
      actor_id: c.actor_id,
      field: c.field,
      old_value: c.old_value === null ? null : JSON.parse(c.old_value),
      new_value: c.new_value === null ? null : JSON.parse(c.new_value),
    })),
  }
}

/** The first customer group or customer the terms overrides name that does not exist (refused, naming the entry). */
async function unknownOverrideTarget(
  query: RegionSettingsDeps["query"],
  overrides: RegionSettingFields["invoice_terms_overrides"] | undefined,
): Promise<RegionSettingsRefusal | undefined> {
  if (!overrides?.length) return undefined
  const groupIds = overrides.flatMap((o) => ("customer_group_id" in o ? [o.customer_group_id] : []))
  const customerIds = overrides.flatMap((o) => ("customer_id" in o ? [o.customer_id] : []))
  const found = new Set<string>()
  if (groupIds.length) {
    const { data } = await query.graph({ entity: "customer_group", fields: ["id"], filters: { id: groupIds } })
    for (const row of data as { id: string }[]) found.add(row.id)
  }
  if (customerIds.length) {
    const { data } = await query.graph({ entity: "customer", fields: ["id"], filters: { id: customerIds } })
    for (const row of data as { id: string }[]) found.add(row.id)
  }
  for (const [i, o] of overrides.entries()) {
    const [field, id] = "customer_id" in o ? ["customer_id", o.customer_id] : ["customer_group_id", o.customer_group_id]
    if (!found.has(id)) {
      return {
        outcome: "refused",
        code: "TRADE_CREDIT_INVALID_SETTINGS",
        message:
          `Invalid settings: invoice_terms_overrides[${i}].${field}: ` +
          `no ${field === "customer_id" ? "customer" : "customer group"} ${id}`,
      }
    }
  }
  return undefined
}

/** Checks the change against the settings as saved (the minimum against the maximum) and saves it, under the lock. */
async function checkAndSave(
  deps: RegionSettingsChangeDeps,
  input: RegionSettingsChange,
): Promise<RegionSettingsRefusal | undefined> {
  const { changes } = input
  const current = await deps.module.regionSettingsOf(input.region_id)
  const min = changes.min_order_amount !== undefined ? changes.min_order_amount : current.min_order_amount
  const max = changes.max_order_amount !== undefined ? changes.max_order_amount : current.max_order_amount
  if (min !== null && max !== null && parseUnits(min, 2)! > parseUnits(max, 2)!) {
    const field = changes.min_order_amount !== undefined ? "min_order_amount" : "max_order_amount"
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_SETTINGS",
      message: `Invalid settings: ${field}: the minimum order amount ${min} is above the maximum ${max}`,
    }
  }
  await deps.save(input)
  return undefined
}
