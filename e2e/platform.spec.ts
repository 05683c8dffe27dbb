import { expect, test } from '@playwright/test';

test('the gateway reports every service ready', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Object.keys(body.data.services).sort()).toEqual([
    'analysis',
    'auth',
    'authors',
    'billing',
    'gateway',
    'projects',
  ]);
  for (const service of Object.values(body.data.services) as Array<{ status: string }>)
    expect(service.status).toBe('ready');
});

test('API docs show each service OpenAPI in a real browser', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Castbook auth service/ })).toBeVisible();
  // The definition selector lists all five services and switching loads that service's document.
  const selector = page.locator('select#select');
  await expect(selector.locator('option')).toHaveText(['auth', 'projects', 'authors', 'analysis', 'billing']);
  await selector.selectOption('billing');
  await expect(page.getByRole('heading', { name: /Castbook billing service/ })).toBeVisible();
});

test('API paths need a session, and answer in the envelope', async ({ request }) => {
  // The gateway checks the token before routing, so unknown paths reveal nothing to strangers.
  const res = await request.get('/api/nothing-here');
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ success: false, error: 'Unauthorized' });
});
