import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Trade accounts (models TradeAccount and TradeAccountUser). */
export class Migration20261122030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_trade_account" ("id" text not ` +
        `null, "service_customer_id" text not null, "merchant_customer_id" text ` +
        `not null, "trade_name" text not null, "company" jsonb not null, "canonical_id" ` +
        `text null, "country_code" text null, "organization_number" text null, ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz ` +
        `not null default now(), "deleted_at" timestamptz null, constraint "trade_credit_trade_account_pkey" ` +
        `primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_service_customer_id_unique" ` +
        `ON "trade_credit_trade_account" ("service_customer_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_merchant_customer_id_unique" ` +
        `ON "trade_credit_trade_account" ("merchant_customer_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_deleted_at" ` +
        `ON "trade_credit_trade_account" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_canonical_id" ` +
        `ON "trade_credit_trade_account" ("canonical_id") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_trade_account_user" ("id" text ` +
        `not null, "trade_account_id" text not null, "customer_id" text not null, ` +
        `"service_user_id" text not null, "service_customer_id" text not null, ` +
        `"verified" boolean not null default false, "verified_at" timestamptz null, ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz ` +
        `not null default now(), "deleted_at" timestamptz null, constraint "trade_credit_trade_account_user_pkey" ` +
        `primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_user_customer_id_unique" ` +
        `ON "trade_credit_trade_account_user" ("customer_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_user_service_user_id_unique" ` +
        `ON "trade_credit_trade_account_user" ("service_user_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_user_deleted_at" ` +
        `ON "trade_credit_trade_account_user" ("deleted_at") WHERE deleted_at IS ` +
        `NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_trade_account_user_trade_account_id" ` +
        `ON "trade_credit_trade_account_user" ("trade_account_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_trade_account" cascade;`)
    this.addSql(`drop table if exists "trade_credit_trade_account_user" cascade;`)
  }
}
