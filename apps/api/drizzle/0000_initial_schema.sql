CREATE TABLE "monasteries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monasteries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_path" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monasteries_status_check" CHECK ("monasteries"."status" IN (0, 1)),
	CONSTRAINT "monasteries_slug_format" CHECK ("monasteries"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "monastery_pujas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monastery_pujas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monastery_id" integer NOT NULL,
	"puja_id" integer NOT NULL,
	"cost_paisa" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monastery_pujas_pairing_unique" UNIQUE("monastery_id","puja_id"),
	CONSTRAINT "monastery_pujas_cost_check" CHECK ("monastery_pujas"."cost_paisa" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pujas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pujas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_path" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"monastery_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pujas_status_check" CHECK ("pujas"."status" IN (0, 1)),
	CONSTRAINT "pujas_slug_format" CHECK ("pujas"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "order_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_images_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"monastery_puja_id" integer NOT NULL,
	"monastery_id" integer NOT NULL,
	"puja_date" date NOT NULL,
	"beneficiary" text,
	"intention" text,
	"amount_paisa" integer NOT NULL,
	"payment_type" text NOT NULL,
	"payment_status" text DEFAULT 'Pending' NOT NULL,
	"transaction_code" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_idempotency_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_paisa" >= 0),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" IN ('esewa', 'khalti')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" IN ('Pending', 'Completed', 'Failed', 'Refunded')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('pending', 'approved', 'declined', 'completed')),
	CONSTRAINT "orders_intention_length" CHECK (char_length("orders"."intention") <= 500),
	CONSTRAINT "orders_beneficiary_length" CHECK (char_length("orders"."beneficiary") <= 500)
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paisa" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"provider_transaction_code" text,
	"last_provider_response" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_provider_reference_unique" UNIQUE("provider","reference"),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" IN ('esewa', 'khalti')),
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" IN ('Pending', 'Completed', 'Failed', 'Refunded')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount_paisa" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"requested_from_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sign_in_codes_attempts_check" CHECK ("sign_in_codes"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"monastery_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('admin', 'monastery', 'user')),
	CONSTRAINT "users_monastery_staff_check" CHECK ("users"."role" <> 'monastery' OR "users"."monastery_id" IS NOT NULL),
	CONSTRAINT "users_phone_format" CHECK ("users"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_puja_id_pujas_id_fk" FOREIGN KEY ("puja_id") REFERENCES "public"."pujas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pujas" ADD CONSTRAINT "pujas_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_images" ADD CONSTRAINT "order_images_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_images" ADD CONSTRAINT "order_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_monastery_puja_id_monastery_pujas_id_fk" FOREIGN KEY ("monastery_puja_id") REFERENCES "public"."monastery_pujas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monasteries_slug_unique" ON "monasteries" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "monastery_pujas_puja_id_index" ON "monastery_pujas" USING btree ("puja_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pujas_slug_unique" ON "pujas" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "pujas_monastery_id_index" ON "pujas" USING btree ("monastery_id");--> statement-breakpoint
CREATE INDEX "messages_order_created_index" ON "messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_images_order_id_index" ON "order_images" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_index" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_monastery_status_index" ON "orders" USING btree ("monastery_id","status","puja_date");--> statement-breakpoint
CREATE INDEX "orders_monastery_puja_id_index" ON "orders" USING btree ("monastery_puja_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_id_index" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_index" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_codes_phone_created_index" ON "sign_in_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_ip_created_index" ON "sign_in_codes" USING btree ("requested_from_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_monastery_id_index" ON "users" USING btree ("monastery_id");