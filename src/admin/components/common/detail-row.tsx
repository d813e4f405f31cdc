import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A titled row of a widget's details: the title on the left, the value (and its actions) on the right. */
export const DetailRow = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-[2fr_3fr] items-center gap-x-3 px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    <div className="flex min-w-0 items-center gap-x-2">{children}</div>
  </div>
)
