CREATE TABLE "monastery_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monastery_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monastery_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monastery_closures_days_check" CHECK ("monastery_closures"."last_day" >= "monastery_closures"."first_day"),
	CONSTRAINT "monastery_closures_message_length" CHECK (char_length("monastery_closures"."message") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "monastery_order_settings" (
	"monastery_id" integer PRIMARY KEY NOT NULL,
	"daily_capacity" integer,
	"cutoff_time" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monastery_order_settings_capacity_check" CHECK ("monastery_order_settings"."daily_capacity" BETWEEN 1 AND 10000),
	CONSTRAINT "monastery_order_settings_cutoff_check" CHECK ("monastery_order_settings"."cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "daily_capacity" integer;--> statement-breakpoint
ALTER TABLE "pujas" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "monastery_closures" ADD CONSTRAINT "monastery_closures_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_order_settings" ADD CONSTRAINT "monastery_order_settings_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monastery_closures_monastery_last_day_index" ON "monastery_closures" USING btree ("monastery_id","last_day");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund', 'set-commission-rate', 'set-payout-details', 'run-payouts', 'record-transfer', 'fail-transfer', 'read-name', 'unread-name', 'raise-concern', 'resolve-concern', 'attach-video', 'announce-livestream', 'set-order-days', 'close-days', 'open-days'));--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_daily_capacity_check" CHECK ("monastery_pujas"."daily_capacity" BETWEEN 1 AND 10000);