import { shippedItemsOf, shipsTheRest, type MedusaFulfillment, type MedusaOrderItem } from "../shipped-items"

const items: MedusaOrderItem[] = [
  { id: "ordli_a", quantity: 3, requires_shipping: true, detail: { shipped_quantity: 3, fulfilled_quantity: 3 } },
  {
    id: "ordli_kit",
    quantity: 2,
    requires_shipping: true,
    detail: { shipped_quantity: 1, fulfilled_quantity: 2 },
    // A kit: each unit is 2 boxes and 1 stand.
    variant: {
      inventory_items: [
        { inventory: { id: "iitem_box" }, required_quantity: 2 },
        { inventory: { id: "iitem_stand" }, required_quantity: 1 },
      ],
    },
  },
  { id: "ordli_licence", quantity: 1, requires_shipping: false, detail: { shipped_quantity: 0 } },
]

describe("shippedItemsOf", () => {
  it("reads units per line item, a kit's from one of its inventory items as Medusa does", () => {
    const fulfillment: MedusaFulfillment = {
      id: "ful_1",
      items: [
        { line_item_id: "ordli_a", quantity: 2 },
        { line_item_id: "ordli_kit", quantity: 2, inventory_item_id: "iitem_box" },
        { line_item_id: "ordli_kit", quantity: 1, inventory_item_id: "iitem_stand" },
      ],
    }
    expect(shippedItemsOf(fulfillment, items)).toEqual([
      { line_item_id: "ordli_a", quantity: "2" },
      { line_item_id: "ordli_kit", quantity: "1" },
    ])
  })
})

describe("shipsTheRest", () => {
  const f = (id: string, shipped: string | null, created = "2026-01-01T00:00:00Z"): MedusaFulfillment => ({
    id,
    shipped_at: shipped,
    created_at: created,
  })

  it("is true only when everything that ships is shipped and no later shipment exists", () => {
    const first = f("ful_1", "2026-01-01T10:00:00Z")
    const second = f("ful_2", "2026-01-01T11:00:00Z")
    const done = items.map((i) => ({ ...i, detail: { ...i.detail, shipped_quantity: i.quantity } }))
    expect(shipsTheRest(second, [first, second], done, "shipment")).toBe(true)
    // The earlier shipment, handled late, leaves "all that remains" to the later one.
    expect(shipsTheRest(first, [first, second], done, "shipment")).toBe(false)
    // Something still to ship: not the last. (The licence needs no shipping and does not count.)
    expect(shipsTheRest(second, [first, second], items, "shipment")).toBe(false)
    // captureOn "fulfillment" counts fulfilled units and creation times.
    expect(shipsTheRest(f("ful_3", null, "2026-01-02T00:00:00Z"), [first, second], items, "fulfillment")).toBe(true)
  })
})
