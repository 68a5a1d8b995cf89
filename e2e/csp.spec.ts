import { createUser, expect, loginAs, test } from './fixtures';

/*
 * No page evaluates code: the CSP has no 'unsafe-eval', and any attempt (even one a library catches, such as
 * zod's `new Function` probe) fires a `securitypolicyviolation` event. The dashboards and their forms are visited
 * with a listener that records every such event.
 */

const recordViolations = () => {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
};

test('the dashboards and their forms trigger no CSP violation (no eval)', async ({ page, request }) => {
  const productor = await createUser(request, 'productor', { perfil: true });
  await page.addInitScript(recordViolations);
  await loginAs(page, productor);
  for (const path of [
    '/Dashboard/productor',
    '/Dashboard/productor/Lotes',
    '/Dashboard/productor/Lotes/Crear',
    '/Dashboard/productor/perfil/about',
    '/Dashboard/productor/usuario',
    '/Dashboard/productor/usuario/InformacionComercial',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    // Typing in a field makes the form validate (a schema parse), if the page has a form.
    const field = page.getByRole('main').getByRole('textbox').first();
    if (await field.isVisible()) await field.pressSequentially('a');
    expect(
      await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
      path,
    ).toEqual([]);
  }
});

test('the registration form triggers no CSP violation', async ({ page }) => {
  await page.addInitScript(recordViolations);
  await page.goto('/Auth/Registro');
  await page.getByRole('textbox', { name: 'Nombre' }).pressSequentially('Ana');
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});
