import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import {
  EDITABLE_REGION_SETTINGS,
  effectiveRegionSettings,
  type RegionSettingFields,
  storedRegionSettings,
} from "../../core/region/region-settings"

export type SaveRegionSettingsInput = {
  region_id: string
  /** The fields to change (validated by the route); a field left out keeps its value. */
  changes: Partial<RegionSettingFields>
  /** The admin user making the change. */
  actor_id: string | null
}

type Previous = { created: boolean; row_id: string; before: Record<string, unknown>; change_ids: string[] }

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

/**
 * Writes a region's settings and one audit entry per field whose value changed (who, old, new). Compensation puts the
 * row back as it was and removes the entries.
 */
export const saveRegionSettingsStep = createStep(
  "trade-credit-save-region-settings",
  async (input: SaveRegionSettingsInput, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const [existing] = await tradeCredit.listRegionSettings({ region_id: input.region_id }, { take: 1 })
    // The row as stored, to put back on compensation.
    const before: Record<string, unknown> = existing
      ? Object.fromEntries(EDITABLE_REGION_SETTINGS.map((f) => [f, existing[f]]))
      : {}
    // What applies now, from the row just read (no second read).
    const current = effectiveRegionSettings(input.region_id, existing, tradeCredit.getOptions())
    const changed = EDITABLE_REGION_SETTINGS.filter(
      (field) => field in input.changes && json(input.changes[field]) !== json(current[field]),
    )
    const row = existing
      ? await tradeCredit.updateRegionSettings({ id: existing.id, ...storedRegionSettings(input.changes) })
      : await tradeCredit.createRegionSettings({ region_id: input.region_id, ...storedRegionSettings(input.changes) })
    const entries = changed.length
      ? await tradeCredit.createSettingChanges(
          changed.map((field) => ({
            region_id: input.region_id,
            actor_id: input.actor_id,
            field,
            old_value: json(current[field]),
            new_value: json(input.changes[field]),
          })),
        )
      : []
    const previous: Previous = { created: !existing, row_id: row.id, before, change_ids: entries.map((e) => e.id) }
    return new StepResponse({ changed }, previous)
  },
  async (previous: Previous | undefined, { container }) => {
    if (!previous) return
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    if (previous.change_ids.length) await tradeCredit.deleteSettingChanges(previous.change_ids)
    if (previous.created) await tradeCredit.deleteRegionSettings(previous.row_id)
    else await tradeCredit.updateRegionSettings({ id: previous.row_id, ...previous.before })
  },
)

/** Settings → Trade credit: a region's settings changed by an admin, with the audit entries. */
export const saveRegionSettingsWorkflow = createWorkflow(
  "trade-credit-update-region-settings",
  (input: SaveRegionSettingsInput) => {
    return new WorkflowResponse(saveRegionSettingsStep(input))
  },
)
