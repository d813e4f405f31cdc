import { useEffect } from "react"

/**
 * Calls `restored` when the browser shows the page again from its back-forward cache (Back from the service's page):
 * the page is as it was left, e.g. a button still "Taking you to verification…".
 */
export function usePageRestored(restored: () => void): void {
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) restored()
    }
    window.addEventListener("pageshow", shown)
    return () => window.removeEventListener("pageshow", shown)
    // Once per mount: `restored` only resets state.
  }, [])
}
