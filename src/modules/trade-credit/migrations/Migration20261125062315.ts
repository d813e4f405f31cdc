import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125062315 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_rate_limit_bucket" ("key" text ` +
        `not null, "count" integer not null default 0, "reset_at" timestamptz not ` +
        `null, "created_at" timestamptz not null default now(), "updated_at" timestamptz ` +
        `not null default now(), "deleted_at" timestamptz null, constraint "trade_credit_rate_limit_bucket_pkey" ` +
        `primary key ("key"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_rate_limit_bucket_deleted_at" ` +
        `ON "trade_credit_rate_limit_bucket" ("deleted_at") WHERE deleted_at IS ` +
        `NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_rate_limit_bucket_reset_at" ` +
        `ON "trade_credit_rate_limit_bucket" ("reset_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_rate_limit_bucket" cascade;`)
  }
}
