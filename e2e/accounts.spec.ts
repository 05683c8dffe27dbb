// Accounts and the app shell in a real browser (issue 4): sign up, sign in with a redirect, change
// password, forgot password through the mailed link, and every validation message of SPEC §5.
import { readFileSync, existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SERVER_LOG } from './stack.js';

// The e2e stack (playwright.config.ts) writes its log here; in embedded mode mail goes to the log.
const SERVER_LOG = new URL(`../${E2E_SERVER_LOG}`, import.meta.url);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(SERVER_LOG)) return undefined;
        for (const line of readFileSync(SERVER_LOG, 'utf8').split('\n').reverse()) {
          if (!line.includes('"mail"')) continue;
          try {
            const entry = JSON.parse(line) as { msg?: string; mail?: { to?: string; links?: string[]; text?: string } };
            if (entry.msg !== 'mail' || entry.mail?.to?.toLowerCase() !== email.toLowerCase()) continue;
            link =
              entry.mail.links?.find((l) => l.includes('reset-password')) ??
              entry.mail.text?.match(/\S*reset-password\?token=\S+/)?.[0];
            if (link) return link;
          } catch {
            // Not a JSON line.
          }
        }
        return undefined;
      },
      { timeout: 15_000, message: `a reset mail to ${email} in the server log` },
    )
    .toBeTruthy();
  // The link carries the configured public URL; the token is what matters here.
  const token = new URL(link!).searchParams.get('token');
  return `/reset-password?token=${encodeURIComponent(token!)}`;
}

/** A toast with this text (an earlier one with the same words may still be fading out). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Successfully logged out!')).toBeVisible();
}

test('validation messages of SPEC §5 on sign-in, sign-up and forgot password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  // A plan the link asks for but we do not sell leaves the choice open.
  await page.goto('/register?plan=gold');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible();
  await expect(page.getByText('Password too short')).toBeVisible();
  await expect(page.getByText('Please select a subscription plan')).toBeVisible();
  await expect(page.getByText('You must accept the terms to continue')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  for (const [value, message] of [
    ['lowercase1!', 'Password must contain uppercase letter'],
    ['UPPERCASE1!', 'Password must contain lowercase letter'],
    ['NoDigits!!', 'Password must contain number'],
    ['NoSpecial12', 'Password must contain special character'],
  ]) {
    await password.fill(value!);
    await expect(page.getByText(message!)).toBeVisible();
  }
  await password.fill('Str0ng!pass');
  await page.getByLabel('Confirm password').fill('Str0ng!pasz');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible();
});

test('the public header menu closes on wide windows; unknown pages show 404', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Voice Actor's Smart Assistant" })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobileNav).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(mobileNav).toBeHidden();
  await expect(page.getByText(`© ${new Date().getFullYear()} Castbook`)).toBeVisible();

  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Enterprise' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a signed-out visitor of /stage is sent to /login with a redirect', async ({ page }) => {
  await page.goto('/stage/settings');
  await expect(page).toHaveURL('/login?redirect=%2Fstage%2Fsettings');
});

test('sign up, stay signed in, sign in with a redirect, change and reset the password', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `ada-${unique()}@example.com`;
  const first = 'Str0ng!pass';
  const second = 'N3w!secret';
  const third = 'Th1rd!time';

  await test.step('sign up lands on /stage', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(first);
    await page.getByLabel('Confirm password').fill(first);
    await page.getByRole('radio', { name: 'Free' }).check();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/stage$/);
    await expect(toast(page, 'Successfully registered and logged in!')).toBeVisible();
    await expect(page.getByRole('heading', { name: /, Ada$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Subscription: Free plan/ })).toBeVisible();
  });

  await test.step('reload stays signed in; the sidebar state survives it', async () => {
    const sidebar = page.locator('aside[data-state]');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.reload();
    await expect(page.getByRole('heading', { name: /, Ada$/ })).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  await test.step('the command palette keeps the row the arrow keys reach in view', async () => {
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search pages' });
    const options = page.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const count = await options.count();
    expect(count).toBeGreaterThan(8); // more rows than the list shows at once
    for (let i = 1; i < count; i++) await page.keyboard.press('ArrowDown');
    const last = options.last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(last).toBeInViewport();
    await expect(search).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!);
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
  });

  await test.step('the command palette opens pages', async () => {
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search pages' }).fill('password');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/stage\/settings\/change-password$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Change password');
  });

  await test.step('the profile name, with its validation', async () => {
    await page.goto('/stage/settings/user-profile');
    const name = page.getByLabel('Display name');
    await name.fill('A');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await name.fill('Ada King');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
    await expect(page.getByText('Ada King', { exact: true })).toBeVisible();
  });

  await test.step('log out, then a registration with a taken email goes to /login, prefilled', async () => {
    await logOut(page);
    await page.goto('/register');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(first);
    await page.getByLabel('Confirm password').fill(first);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/login\?.*status=registration_success/);
    await expect(toast(page, 'Registration successful! Please login to continue.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  await test.step('sign in with a redirect, remembered', async () => {
    await page.goto('/login?redirect=%2Fstage%2Fsettings%2Fchange-password');
    await signIn(page, email, first, true);
    await expect(page).toHaveURL(/\/stage\/settings\/change-password$/);
    await expect(toast(page, 'Successfully logged in!')).toBeVisible();
    expect(await page.evaluate('localStorage.getItem("auth_token") !== null')).toBe(true);
  });

  await test.step('change the password, with every message', async () => {
    const submit = page.getByRole('button', { name: 'Update password' });
    await submit.click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await page.getByLabel('Current password').fill('Wrong!pass1');
    await page.getByLabel('New password', { exact: true }).fill(second);
    await page.getByLabel('Confirm new password').fill(`${second}x`);
    await submit.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password').fill(second);
    await submit.click();
    await expect(toast(page, 'Failed to update password')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await page.getByLabel('Current password').fill(first);
    await submit.click();
    await expect(toast(page, 'Password updated successfully!')).toBeVisible();
  });

  await test.step('the old password fails, the new one works', async () => {
    await logOut(page);
    await signIn(page, email, first);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await signIn(page, email, second);
    // The default target after signing in (SPEC §9).
    await expect(page).toHaveURL(/\/stage\/projects$/);
    expect(
      await page.evaluate(
        'sessionStorage.getItem("auth_token") !== null && localStorage.getItem("auth_token") === null',
      ),
    ).toBe(true);
    await logOut(page);
  });

  await test.step('forgot password: the mailed link sets a new password', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page's code loads on demand: until its heading shows, 'Email' is still the sign-in field.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await resetLinkFor(email));
    await page.getByLabel('New password', { exact: true }).fill(third);
    await page.getByLabel('Confirm new password').fill(second);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password').fill(third);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Password updated successfully!')).toBeVisible();
    await signIn(page, email, second);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await signIn(page, email, third);
    await expect(page).toHaveURL(/\/stage\/projects$/);
  });
});
