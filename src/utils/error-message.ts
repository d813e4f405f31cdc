/** The message of whatever was thrown: an Error's message, else the value as text (for outcomes and log lines). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))
