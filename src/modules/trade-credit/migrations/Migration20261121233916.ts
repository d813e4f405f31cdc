import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121233916 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_webhook_event" drop constraint if ` +
        `exists "trade_credit_webhook_event_event_id_unique";`,
    )
    this.addSql(
      `alter table if exists "trade_credit_shipment_invoice" drop constraint ` +
        `if exists "trade_credit_shipment_invoice_fulfillment_id_unique";`,
    )
    this.addSql(
      `create table if not exists "trade_credit_reconciliation_run" ("id" text ` +
        `not null, "trigger" text check ("trigger" in ('schedule', 'admin')) not ` +
        `null default 'schedule', "finished_at" timestamptz null, "checked" integer ` +
        `not null default 0, "repaired" integer not null default 0, "failed" integer ` +
        `not null default 0, "findings" jsonb null, "created_at" timestamptz not ` +
        `null default now(), "updated_at" timestamptz not null default now(), "deleted_at" ` +
        `timestamptz null, constraint "trade_credit_reconciliation_run_pkey" primary ` +
        `key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_reconciliation_run_deleted_at" ` +
        `ON "trade_credit_reconciliation_run" ("deleted_at") WHERE deleted_at IS ` +
        `NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_shipment_invoice" ("id" text ` +
        `not null, "fulfillment_id" text not null, "order_id" text not null, "payment_id" ` +
        `text not null, "service_order_id" text not null, "service_fulfilment_id" ` +
        `text null, "invoice_number" text null, "amount" numeric null, "status" ` +
        `text check ("status" in ('pending', 'invoiced')) not null default 'pending', ` +
        `"raw_amount" jsonb null, "created_at" timestamptz not null default now(), ` +
        `"updated_at" timestamptz not null default now(), "deleted_at" timestamptz ` +
        `null, constraint "trade_credit_shipment_invoice_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_shipment_invoice_fulfillment_id_unique" ` +
        `ON "trade_credit_shipment_invoice" ("fulfillment_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_shipment_invoice_deleted_at" ` +
        `ON "trade_credit_shipment_invoice" ("deleted_at") WHERE deleted_at IS ` +
        `NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_webhook_event" ("id" text not ` +
        `null, "event_id" text not null, "type" text not null, "service_order_id" ` +
        `text null, "outcome" text null, "created_at" timestamptz not null default ` +
        `now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz ` +
        `null, constraint "trade_credit_webhook_event_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_webhook_event_event_id_unique" ` +
        `ON "trade_credit_webhook_event" ("event_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_webhook_event_deleted_at" ` +
        `ON "trade_credit_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_reconciliation_run" cascade;`)

    this.addSql(`drop table if exists "trade_credit_shipment_invoice" cascade;`)

    this.addSql(`drop table if exists "trade_credit_webhook_event" cascade;`)
  }
}
