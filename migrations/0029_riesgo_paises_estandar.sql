-- Issue 30 / decision 060: eleven more coffee origins that Implementing Regulation (EU) 2025/1093 leaves at standard
-- risk (its annex lists the low- and high-risk countries; every other country is standard). Each is named in
-- the list of standard-risk countries Preferred by Nature published from the annex on 22 May 2025. An operator's
-- later edit of any of them is kept.
INSERT INTO "riesgo_paises" ("pais", "clase", "fuente", "fecha_fuente") VALUES
('GT', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('HN', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('PE', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('UG', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('NI', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('PA', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('HT', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('VE', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('MW', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('ZM', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22'),
('ZW', 'ESTANDAR', 'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025 (no figura en el anexo: riesgo estándar; lista de países de riesgo estándar publicada por Preferred by Nature el 22.5.2025)', '2025-05-22')
ON CONFLICT ("pais") DO NOTHING;
