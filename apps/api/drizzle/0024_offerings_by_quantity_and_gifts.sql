CREATE TABLE "order_gifts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text,
	"recipient_phone" text,
	"recipient_language" text NOT NULL,
	"tell_on" date NOT NULL,
	"message" text,
	"show_patron" boolean DEFAULT false NOT NULL,
	"told_at" timestamp with time zone,
	"link_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_gifts_link_hash_unique" UNIQUE("link_hash"),
	CONSTRAINT "order_gifts_contact_check" CHECK ("order_gifts"."recipient_email" IS NOT NULL OR "order_gifts"."recipient_phone" IS NOT NULL),
	CONSTRAINT "order_gifts_told_check" CHECK (("order_gifts"."told_at" IS NULL) = ("order_gifts"."link_hash" IS NULL)),
	CONSTRAINT "order_gifts_name_length" CHECK (char_length("order_gifts"."recipient_name") BETWEEN 1 AND 100),
	CONSTRAINT "order_gifts_message_length" CHECK (char_length("order_gifts"."message") <= 500),
	CONSTRAINT "order_gifts_language_check" CHECK ("order_gifts"."recipient_language" IN ('en', 'ne', 'zh-Hant'))
);
--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "pricing" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "unit_names" jsonb;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "quantities" integer[];--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "min_quantity" integer;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "max_quantity" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_paisa" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_names" jsonb;--> statement-breakpoint
ALTER TABLE "order_gifts" ADD CONSTRAINT "order_gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_gifts_untold_index" ON "order_gifts" USING btree ("tell_on") WHERE "order_gifts"."told_at" IS NULL;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_pricing_check" CHECK ("monastery_pujas"."pricing" IN ('fixed', 'per_unit', 'pay_what_you_can'));--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_per_unit_check" CHECK ("monastery_pujas"."pricing" <> 'per_unit' OR ("monastery_pujas"."unit_names" IS NOT NULL AND ("monastery_pujas"."quantities" IS NOT NULL OR ("monastery_pujas"."min_quantity" BETWEEN 1 AND "monastery_pujas"."max_quantity"))));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pricing_check" CHECK ("orders"."pricing" IN ('fixed', 'per_unit', 'pay_what_you_can'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_per_unit_amount_check" CHECK ("orders"."pricing" <> 'per_unit' OR ("orders"."unit_names" IS NOT NULL AND "orders"."amount_paisa"::bigint = "orders"."quantity"::bigint * "orders"."unit_price_paisa"));