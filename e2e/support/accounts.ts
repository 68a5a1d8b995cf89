import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const nuevoEmail = (rol: string) => `e2e-cuenta-${rol}-${randomUUID().slice(0, 8)}@example.com`;

/** Fills and sends the registration form for the given role. */
export async function registrarse(page: Page, rol: 'Productor' | 'Comprador', email: string, password: string) {
  await page.goto('/Auth/Registro');
  const boton = page.getByRole('button', { name: 'Registrarse' });
  // The register button waits for an account type (spec §2).
  await expect(boton).toBeDisabled();
  await page.getByRole('radio', { name: rol }).check();
  await expect(page.getByRole('radio', { name: rol })).toBeChecked();
  await page.getByLabel('Nombre', { exact: true }).fill('Valeria');
  await page.getByLabel('Apellido', { exact: true }).fill('Quintero');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await expect(boton).toBeEnabled();
  await boton.click();
}

export async function iniciarSesion(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}
