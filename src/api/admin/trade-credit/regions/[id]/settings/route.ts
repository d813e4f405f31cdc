import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ILockingModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  changeRegionSettings,
  readRegionSettings,
  type RegionSettingsChange,
  type RegionSettingsOutcome,
} from "../../../../../../use-cases/region-settings"
import { saveRegionSettingsWorkflow } from "../../../../../../workflows/region-settings/save-region-settings"
import { RouteError } from "../../../../../errors/route-error"
import { adminDepsOf } from "../../../admin-deps"
import type { UpdateRegionSettingsBody } from "../../validators"

/** `GET /admin/trade-credit/regions/:id/settings`: the region's trade credit settings as they apply, and their changes.
 * */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(answerOf(await readRegionSettings(adminDepsOf(req), req.params.id)))
}

/**
 * `POST /admin/trade-credit/regions/:id/settings`: changes some of a region's settings (validated by the route's
 * middleware; the minimum may not exceed the maximum), under Medusa's lock on the region, on every instance
 * (use-cases/region-settings.ts). Each changed field is kept in the audit list with the admin user.
 */
export async function POST(req: AuthenticatedMedusaRequest<UpdateRegionSettingsBody>, res: MedusaResponse) {
  const locking = req.scope.resolve<ILockingModule>(Modules.LOCKING)
  const deps = {
    ...adminDepsOf(req),
    lock: <T>(key: string, job: () => Promise<T>) => locking.execute(key, job, { timeout: 30 }),
    save: (input: RegionSettingsChange) => saveRegionSettingsWorkflow(req.scope).run({ input }),
  }
  const change = { region_id: req.params.id, changes: req.validatedBody, actor_id: req.auth_context?.actor_id ?? null }
  res.json(answerOf(await changeRegionSettings(deps, change)))
}

function answerOf(outcome: RegionSettingsOutcome) {
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  return outcome.answer
}
