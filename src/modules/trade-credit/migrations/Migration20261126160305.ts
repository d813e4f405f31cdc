import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Settings per region (offered, order limits, invoice terms) and the audit list of their changes. */
export class Migration20261126160305 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_region_setting" drop constraint if ` +
        `exists "trade_credit_region_setting_region_id_unique";`,
    )
    this.addSql(
      `create table if not exists "trade_credit_region_setting" ("id" text not ` +
        `null, "region_id" text not null, "offered" boolean not null default true, ` +
        `"instalments_offered" boolean not null default true, "min_order_amount" ` +
        `text null, "max_order_amount" text null, "invoice_terms_days" integer ` +
        `null, "created_at" timestamptz not null default now(), "updated_at" timestamptz ` +
        `not null default now(), "deleted_at" timestamptz null, constraint "trade_credit_region_setting_pkey" ` +
        `primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_region_setting_region_id_unique" ` +
        `ON "trade_credit_region_setting" ("region_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_region_setting_deleted_at" ` +
        `ON "trade_credit_region_setting" ("deleted_at") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_setting_change" ("id" text not ` +
        `null, "region_id" text not null, "actor_id" text null, "field" text not ` +
        `null, "old_value" text null, "new_value" text null, "created_at" timestamptz ` +
        `not null default now(), "updated_at" timestamptz not null default now(), ` +
        `"deleted_at" timestamptz null, constraint "trade_credit_setting_change_pkey" ` +
        `primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_setting_change_deleted_at" ` +
        `ON "trade_credit_setting_change" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_setting_change_region_id_created_at" ` +
        `ON "trade_credit_setting_change" ("region_id", "created_at") WHERE deleted_at ` +
        `IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_region_setting" cascade;`)

    this.addSql(`drop table if exists "trade_credit_setting_change" cascade;`)
  }
}
