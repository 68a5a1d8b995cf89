ALTER TABLE "muestras" ALTER COLUMN "precio_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "plan_lineas" ALTER COLUMN "precio_objetivo_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "plan_lineas" ALTER COLUMN "presupuesto_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "respuestas" ALTER COLUMN "precio_kg_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "solicitudes" ALTER COLUMN "precio_min_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "solicitudes" ALTER COLUMN "precio_max_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "precio_kg_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "total_centavos" SET DATA TYPE bigint;