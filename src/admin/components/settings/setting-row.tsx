import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A titled row of the settings page: the setting's name, then its value (and its actions). */
export const SettingRow = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-[1fr_2fr] items-center gap-x-4 px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>
  </div>
)
