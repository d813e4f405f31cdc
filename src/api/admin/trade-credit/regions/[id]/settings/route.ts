import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../../modules/trade-credit"
import { parseUnits } from "../../../../../../core/money/units"
import { saveRegionSettingsWorkflow } from "../../../../../../workflows/region-settings/save-region-settings"
import { Codes } from "../../../../../errors/codes"
import { RouteError } from "../../../../../errors/route-error"
import type { TradeCreditRegionSettingsAnswer } from "../../../admin-ui-types"
import type { UpdateRegionSettingsBody } from "../../validators"

/** How many audit entries the settings answer lists, newest first. */
const CHANGES_SHOWN = 50

async function requireRegion(
  container: MedusaContainer,
  id: string,
): Promise<{ id: string; name: string; currency_code: string }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "region", fields: ["id", "name", "currency_code"], filters: { id } })
  if (!data[0]) throw new RouteError(Codes.TRADE_CREDIT_REGION_NOT_FOUND, `Region ${id} was not found`)
  return data[0] as { id: string; name: string; currency_code: string }
}

async function answer(
  container: MedusaContainer,
  region: { id: string; name: string; currency_code: string },
): Promise<TradeCreditRegionSettingsAnswer> {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const changes = await tradeCredit.listSettingChanges(
    { region_id: region.id },
    { take: CHANGES_SHOWN, order: { created_at: "DESC" } },
  )
  return {
    region: { id: region.id, name: region.name, currency_code: region.currency_code },
    settings: await tradeCredit.regionSettingsOf(region.id),
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

/** Every customer group and customer the terms overrides name exists (400 naming the entry otherwise). */
async function requireOverrideTargets(
  container: MedusaContainer,
  overrides: UpdateRegionSettingsBody["invoice_terms_overrides"],
) {
  if (!overrides?.length) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
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
  overrides.forEach((o, i) => {
    const [field, id] = "customer_id" in o ? ["customer_id", o.customer_id] : ["customer_group_id", o.customer_group_id]
    if (!found.has(id)) {
      throw new RouteError(
        Codes.TRADE_CREDIT_INVALID_SETTINGS,
        `Invalid settings: invoice_terms_overrides[${i}].${field}: ` +
          `no ${field === "customer_id" ? "customer" : "customer group"} ${id}`,
      )
    }
  })
}

/** `GET /admin/trade-credit/regions/:id/settings`: the region's trade credit settings as they apply, and their changes.
 * */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await answer(req.scope, await requireRegion(req.scope, req.params.id)))
}

/**
 * `POST /admin/trade-credit/regions/:id/settings`: changes some of a region's settings (validated by the route's
 * middleware; the minimum may not exceed the maximum). Takes effect at once, on every instance: the providers read the
 * settings at the start of each payment session. Each changed field is kept in the audit list with the admin user.
 */
export async function POST(req: AuthenticatedMedusaRequest<UpdateRegionSettingsBody>, res: MedusaResponse) {
  const region = await requireRegion(req.scope, req.params.id)
  await requireOverrideTargets(req.scope, req.validatedBody.invoice_terms_overrides)
  // One change of a region at a time, on every instance: the minimum is checked against the maximum as saved, the
  // first change creates the row once, and each audit entry's old value is the one it replaced.
  const locking = req.scope.resolve<ILockingModule>(Modules.LOCKING)
  await locking.execute(`trade-credit:region-settings:${region.id}`, () => save(req, region.id), { timeout: 30 })
  res.json(await answer(req.scope, region))
}

/** Checks the change against the settings as saved (the minimum against the maximum) and saves it, under the lock. */
async function save(req: AuthenticatedMedusaRequest<UpdateRegionSettingsBody>, regionId: string) {
  const changes = req.validatedBody
  const current = await req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).regionSettingsOf(regionId)
  const min = changes.min_order_amount !== undefined ? changes.min_order_amount : current.min_order_amount
  const max = changes.max_order_amount !== undefined ? changes.max_order_amount : current.max_order_amount
  if (min !== null && max !== null && parseUnits(min, 2)! > parseUnits(max, 2)!) {
    const field = changes.min_order_amount !== undefined ? "min_order_amount" : "max_order_amount"
    throw new RouteError(
      Codes.TRADE_CREDIT_INVALID_SETTINGS,
      `Invalid settings: ${field}: the minimum order amount ${min} is above the maximum ${max}`,
    )
  }
  await saveRegionSettingsWorkflow(req.scope).run({
    input: { region_id: regionId, changes, actor_id: req.auth_context?.actor_id ?? null },
  })
}
