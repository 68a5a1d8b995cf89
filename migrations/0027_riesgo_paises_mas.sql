-- Issue 30 / decision 060: four more coffee origins whose class under Implementing Regulation (EU) 2025/1093 we
-- could confirm from public sources (India, Laos and Viet Nam listed as low risk; Tanzania not listed, so standard).
-- An operator's later edit of any of them is kept.
INSERT INTO "riesgo_paises" ("pais", "clase", "fuente", "fecha_fuente") VALUES
('IN', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('LA', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('VN', 'BAJO', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)', '2025-05-22'),
('TZ', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar)', '2025-05-22')
ON CONFLICT ("pais") DO NOTHING;
