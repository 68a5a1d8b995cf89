CREATE TABLE "riesgo_paises" (
	"pais" text PRIMARY KEY NOT NULL,
	"clase" text NOT NULL,
	"fuente" text NOT NULL,
	"fecha_fuente" text NOT NULL,
	"actualizado_por" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "cosecha_inicio" text;--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "cosecha_fin" text;--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "eudr_listo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "dds_referencia" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "dds_verificacion" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "dds_registrado_por" uuid;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "dds_registrado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "riesgo_paises" ADD CONSTRAINT "riesgo_paises_actualizado_por_users_id_fk" FOREIGN KEY ("actualizado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_dds_registrado_por_users_id_fk" FOREIGN KEY ("dds_registrado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The classes of Implementing Regulation (EU) 2025/1093 that decision 060 could verify; the operator completes the rest.
INSERT INTO "riesgo_paises" ("pais", "clase", "fuente", "fecha_fuente") VALUES
('MM', 'ALTO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('BI', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('CN', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('CR', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('CU', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('DO', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('BO', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('BR', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('CD', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('CM', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('CO', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('EC', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('ET', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('ID', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('MX', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('SV', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22')
ON CONFLICT ("pais") DO NOTHING;
