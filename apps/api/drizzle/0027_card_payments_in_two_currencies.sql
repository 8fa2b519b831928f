CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_type_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_provider_check";--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "foreign_currency" text;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "foreign_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "presentment_currency" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "presentment_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "rate_paisa" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "rate_unit" smallint;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "fee_currency" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "fee_paisa" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "presentment_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('payment_received', 'refund_due', 'refund_paid', 'order_completed', 'clawback', 'order_redone', 'provider_fee', 'payout_started', 'payout_paid', 'payout_failed'));--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_foreign_check" CHECK (("ledger_postings"."foreign_currency" IS NULL) = ("ledger_postings"."foreign_amount_minor" IS NULL) AND ("ledger_postings"."foreign_currency" IS NULL OR "ledger_postings"."foreign_currency" ~ '^[A-Z]{3}$'));--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_check" CHECK ("ledger_postings"."account" IN ('esewa_clearing', 'khalti_clearing', 'stripe_clearing', 'provider_fees', 'held_for_orders', 'refunds_payable', 'monastery_payable', 'platform_commission', 'payouts_in_transit', 'payouts_sent'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" IN ('esewa', 'khalti', 'stripe'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_presentment_check" CHECK (("payment_attempts"."provider" = 'stripe') = ("payment_attempts"."presentment_currency" IS NOT NULL) AND ("payment_attempts"."presentment_currency" IS NULL) = ("payment_attempts"."presentment_amount_minor" IS NULL) AND ("payment_attempts"."presentment_currency" IS NULL) = ("payment_attempts"."rate_paisa" IS NULL) AND ("payment_attempts"."presentment_currency" IS NULL) = ("payment_attempts"."rate_unit" IS NULL) AND ("payment_attempts"."presentment_amount_minor" IS NULL OR "payment_attempts"."presentment_amount_minor" > 0));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_fee_check" CHECK (("payment_attempts"."fee_minor" IS NULL) = ("payment_attempts"."fee_paisa" IS NULL) AND ("payment_attempts"."fee_minor" IS NULL) = ("payment_attempts"."fee_currency" IS NULL) AND ("payment_attempts"."fee_minor" IS NULL OR "payment_attempts"."fee_minor" >= 0));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" IN ('esewa', 'khalti', 'stripe'));