CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"unit" smallint NOT NULL,
	"buy_paisa" integer NOT NULL,
	"sell_paisa" integer NOT NULL,
	"published_on" date NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_unit_check" CHECK ("exchange_rates"."unit" > 0),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."buy_paisa" > 0 AND "exchange_rates"."sell_paisa" >= "exchange_rates"."buy_paisa")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "puja_time" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_puja_time_check" CHECK ("orders"."puja_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_check" CHECK ("users"."currency" IN ('USD', 'EUR', 'GBP', 'AUD', 'CAD', 'INR', 'CNY', 'TWD', 'HKD', 'SGD', 'MYR', 'JPY', 'NPR'));