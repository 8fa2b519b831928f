CREATE TABLE "dedication_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dedication_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"monastery_puja_id" integer NOT NULL,
	"monastery_id" integer NOT NULL,
	"kind" text NOT NULL,
	"departed_name" text,
	"date_of_death" date,
	"day_of_month" smallint,
	"anniversary" date,
	"amount_each_paisa" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dedication_plans_idempotency_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "dedication_plans_kind_check" CHECK ("dedication_plans"."kind" IN ('forty_nine_days', 'monthly', 'yearly')),
	CONSTRAINT "dedication_plans_amount_check" CHECK ("dedication_plans"."amount_each_paisa" >= 0),
	CONSTRAINT "dedication_plans_day_of_month_check" CHECK ("dedication_plans"."day_of_month" BETWEEN 1 AND 31),
	CONSTRAINT "dedication_plans_departed_check" CHECK (("dedication_plans"."departed_name" IS NULL) = ("dedication_plans"."date_of_death" IS NULL)),
	CONSTRAINT "dedication_plans_departed_name_length" CHECK (char_length("dedication_plans"."departed_name") BETWEEN 1 AND 100),
	CONSTRAINT "dedication_plans_kind_fields_check" CHECK (CASE "dedication_plans"."kind"
        WHEN 'forty_nine_days' THEN "dedication_plans"."date_of_death" IS NOT NULL
        WHEN 'monthly' THEN "dedication_plans"."day_of_month" IS NOT NULL
        ELSE "dedication_plans"."anniversary" IS NOT NULL END)
);
--> statement-breakpoint
CREATE TABLE "plan_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paisa" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"provider_transaction_code" text,
	"last_provider_response" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_payments_provider_reference_unique" UNIQUE("provider","reference"),
	CONSTRAINT "plan_payments_amount_check" CHECK ("plan_payments"."amount_paisa" > 0),
	CONSTRAINT "plan_payments_status_check" CHECK ("plan_payments"."status" IN ('Pending', 'Completed', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "plan_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "plan_schedule" integer[];--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_occurrence" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "plan_payment_id" integer;--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_monastery_puja_id_monastery_pujas_id_fk" FOREIGN KEY ("monastery_puja_id") REFERENCES "public"."monastery_pujas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_payments" ADD CONSTRAINT "plan_payments_plan_id_dedication_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."dedication_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dedication_plans_user_index" ON "dedication_plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "plan_payments_plan_index" ON "plan_payments" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_payments_pending_index" ON "plan_payments" USING btree ("created_at") WHERE "plan_payments"."status" = 'Pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_dedication_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."dedication_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_plan_payment_id_plan_payments_id_fk" FOREIGN KEY ("plan_payment_id") REFERENCES "public"."plan_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_plan_payment_index" ON "payment_attempts" USING btree ("plan_payment_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_occurrence_unique" UNIQUE("plan_id","plan_occurrence");--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_plan_kinds_check" CHECK ("monastery_pujas"."plan_kinds" <@ ARRAY['forty_nine_days', 'monthly', 'yearly']::text[]);--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_plan_schedule_check" CHECK (1 <= ALL("monastery_pujas"."plan_schedule") AND 49 >= ALL("monastery_pujas"."plan_schedule") AND cardinality("monastery_pujas"."plan_schedule") BETWEEN 1 AND 49);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_occurrence_check" CHECK (("orders"."plan_id" IS NULL) = ("orders"."plan_occurrence" IS NULL));