import { Alert, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

// The parts each section of the customer widget is made of: its title, a value, and its loading and failed states.

/** A value of a row, cut to one line; "-" for none. */
export const Value = ({ children, testId, mono }: { children: ReactNode; testId?: string; mono?: boolean }) => (
  <Text size="small" leading="compact" className={`truncate${mono ? " font-mono" : ""}`} data-testid={testId}>
    {children ?? "-"}
  </Text>
)

/** A section's title, with what goes beside it (its status, its action). */
export const SectionTitle = ({ children, aside }: { children: ReactNode; aside?: ReactNode }) => (
  <div className="flex items-center justify-between gap-x-2 px-6 pb-1 pt-4">
    <Text size="small" weight="plus" className="text-ui-fg-base">
      {children}
    </Text>
    {aside}
  </div>
)

export const Loading = () => (
  <div className="px-6 py-3">
    <Skeleton className="h-5 w-40" />
  </div>
)

export const Failed = ({ message }: { message: string }) => (
  <div className="px-6 py-3">
    <Alert variant="error">{message}</Alert>
  </div>
)
