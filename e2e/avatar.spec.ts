import { test, expect, createUser, loginAs } from './fixtures';

test('an account picture that fails to load gives way to the initials in the header', async ({ page, request }) => {
  const user = await createUser(request, 'comprador');
  await loginAs(page, { ...user, dataUser: { ...user.dataUser, image: '/uploads/ya-no-existe/avatar-lg.webp' } });
  await page.goto('/Dashboard/comprador');
  const menu = page.getByRole('button', { name: /^Menú de Prueba Compradora/ });
  await expect(menu.getByText('PC', { exact: true })).toBeVisible();
  await expect(menu.getByRole('img', { name: 'Prueba Compradora' })).toHaveJSProperty('tagName', 'SPAN');
});
