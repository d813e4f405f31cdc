// The storefront's `onCartChanged`, called by the kit's steps once they changed the cart's payment session. Not part
// of the kit's exports (index.ts).

/** Calls the storefront's `onCartChanged` (awaited); its failure is the storefront's, never the buyer's. */
export async function cartChanged(onCartChanged: (() => unknown) | undefined): Promise<void> {
  try {
    await onCartChanged?.()
  } catch (error) {
    console.warn("trade credit: the storefront's onCartChanged failed", error)
  }
}
