import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Which payment session each `merchant_order_id` belongs to (model OrderReference): an order event's session is one
 * indexed read, not a scan of the carts. */
export class Migration20261128013000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_order_reference" ("id" text not ` +
        `null, "merchant_order_id" text not null, "session_id" text not null, "cart_id" ` +
        `text not null, "created_at" timestamptz not null default now(), "updated_at" ` +
        `timestamptz not null default now(), "deleted_at" timestamptz null, constraint ` +
        `"trade_credit_order_reference_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_order_reference_merchant_order_id_unique" ` +
        `ON "trade_credit_order_reference" ("merchant_order_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_order_reference_deleted_at" ` +
        `ON "trade_credit_order_reference" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_order_reference" cascade;`)
  }
}
