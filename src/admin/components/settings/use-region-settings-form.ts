import { useState } from "react"
import { type RegionSettingsAnswer, useSaveRegionSettings } from "../../lib/trade-credit-api"
import { changeOf, formOf, type RegionForm } from "./region-form"

/** One region's settings form: its values (from the settings as they apply), a change to them, and "Save". */
export function useRegionSettingsForm(answer: RegionSettingsAnswer) {
  const save = useSaveRegionSettings(answer.region.id)
  const [form, setForm] = useState(() => formOf(answer))
  const update = (patch: Partial<RegionForm>) => setForm({ ...form, ...patch })
  const submit = () => save.mutate(changeOf(form, answer))
  return { form, update, submit, save }
}
