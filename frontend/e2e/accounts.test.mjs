// Accounts in a real browser against the real binary: signup with a photo, log out and in, forgot
// and reset password through the mail outbox, every route guard, the account page, and admin grants.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  MOBILE,
  axePage,
  axeViolations,
  demoImage,
  newPage,
  signUp,
  shopAndBrowserForThisFile,
} from './harness.mjs';

const { shop, browser } = shopAndBrowserForThisFile();

let counter = 0;
const uniqueEmail = (tag) => `${tag}-${Date.now()}-${++counter}@example.com`;

/** The path and query of the shop URL the page is on ("/login?next=%2Fmybag"). */
const here = (page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function waitForPath(page, path) {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout: 10_000 });
}

async function logIn(page, email, password) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the desktop header's account menu. */
async function openAccountMenu(page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
}

/** The password reset link of the newest mail to `email`, as a path on this shop. */
function resetLinkFor(email) {
  const mail = shop
    .outbox()
    .filter((m) => m.text.includes(email))
    .at(-1);
  assert.ok(mail, `no mail to ${email} in the outbox`);
  const match = /https?:\/\/\S+?(\/reset-password\?oobCode=[\w-]+)/.exec(mail.text);
  assert.ok(match, `no reset link in:\n${mail.text}`);
  return match[1];
}

describe('accounts on a desktop (1366×768)', () => {
  test('signup with a photo, log out, log in, forgot password, reset, log in with the new password', async () => {
    const page = await newPage(browser, DESKTOP);
    const email = uniqueEmail('ada');
    await page.goto(`${shop.base}/signup`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();

    // Client-side checks first: a mismatch is caught before anything is sent.
    await page.getByLabel('Full name').fill('Ada Obi');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await page.getByLabel('Profile image').setInputFiles(demoImage('sneakers-1-a-320.jpg'));
    await page.getByRole('img', { name: /Preview of Ada Obi/ }).waitFor();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Passwords do not match.').waitFor();

    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu for Ada Obi' }).waitFor();

    // Log out from the header menu: the header changes with no reload.
    await page.evaluate(() => (window.__stillHere = true));
    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => window.__stillHere), true);
    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Login' }).click();
    await waitForPath(page, '/login');

    // A wrong password shows the catalogue message; the right one signs in.
    await logIn(page, email, 'wrong-password');
    await page.getByRole('alert').getByText('Incorrect password.').waitFor();
    await logIn(page, email, 'secret1');
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu for Ada Obi' }).waitFor();

    // Log out from the account page, then ask for a reset link.
    await page.goto(`${shop.base}/myaccount`);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();

    await page.goto(`${shop.base}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset link has been sent to your email.').waitFor();

    // The link from the outbox: a new password, then back to sign in.
    await page.goto(shop.base + resetLinkFor(email));
    await page.getByLabel('New password', { exact: true }).fill('newsecret9');
    await page.getByLabel('Confirm new password').fill('newsecret9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // The sign-in page itself says so (it used to show for 1.5 s on the reset page only).
    await waitForPath(page, '/login?reset=done');
    await page.getByRole('status').getByText('Password has been successfully reset.').waitFor();

    await logIn(page, email, 'secret1');
    await page.getByRole('alert').getByText('Incorrect password.').waitFor();
    await logIn(page, email, 'newsecret9');
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu for Ada Obi' }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  test('reset page without a code; a used code is refused', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${shop.base}/reset-password`);
    await page.getByRole('heading', { level: 1, name: 'Invalid or missing code' }).waitFor();
    await page.goto(`${shop.base}/reset-password?oobCode=not-a-real-code`);
    await page.getByLabel('New password', { exact: true }).fill('newsecret9');
    await page.getByLabel('Confirm new password').fill('newsecret9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // The server's reason alone: it says what to do (request a new link), not "Please try again.".
    await page
      .getByRole('alert')
      .getByText(/reset link is invalid, expired or already used/)
      .waitFor();
  });

  test('account page: edit and cancel reverts; save changes the name in the header menu', async () => {
    const page = await newPage(browser, DESKTOP);
    const email = uniqueEmail('bola');
    await signUp(page, shop.base, { name: 'Bola Ade', email });
    await page.goto(`${shop.base}/myaccount`);
    await page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Bola Ade$/ }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByText('Not provided').waitFor();
    await page.getByRole('img', { name: "Bola Ade's profile photo" }).waitFor();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    assert.equal(await page.getByRole('button', { name: 'Log Out' }).count(), 0);
    assert.equal(await page.getByLabel('Email', { exact: true }).isDisabled(), true);
    await page.getByLabel('Full name').fill('Somebody Else');
    await page.getByLabel('Phone').fill('0803 000 0000');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Not provided').waitFor();
    assert.equal(await page.getByText('Somebody Else').count(), 0);
    await page.getByRole('button', { name: 'Account menu for Bola Ade' }).waitFor();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Bola Ade');
    await page.getByLabel('Full name').fill('Bola Adeyemi');
    await page.getByLabel('Phone').fill('+234 803 000 0000');
    await page.getByLabel('Change profile photo').setInputFiles(demoImage('about-1-640.jpg'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: /, Bola Adeyemi$/ }).waitFor();
    // Kept as the shop keeps every phone (E.164), so it is found however it is typed.
    await page.getByText('+2348030000000').waitFor();
    await page.getByRole('button', { name: 'Account menu for Bola Adeyemi' }).waitFor();
    // The change is the server's: it survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Account menu for Bola Adeyemi' }).waitFor();
    assert.deepEqual(page.errors, []);
  });

  test('admin management: an admin made by the merchant command grants another user', async () => {
    const adminPage = await newPage(browser, DESKTOP);
    const adminEmail = uniqueEmail('chidi');
    await signUp(adminPage, shop.base, { name: 'Chidi Admin', email: adminEmail });
    const otherPage = await newPage(browser, DESKTOP);
    const otherEmail = uniqueEmail('dayo');
    await signUp(otherPage, shop.base, { name: 'Dayo Next', email: otherEmail });

    // Not yet an admin: the guard sends the page home.
    await adminPage.goto(`${shop.base}/adminmanagement`);
    await waitForPath(adminPage, '/');

    // The grant takes effect at the next token refresh.
    await shop.grantAdmin(adminEmail);
    const refreshed = await adminPage.evaluate(async () => {
      const res = await fetch('/api/auth/refresh', { method: 'POST', headers: { 'X-Requested-With': 'ankara' } });
      return (await res.json()).user.admin;
    });
    assert.equal(refreshed, true);
    await adminPage.goto(`${shop.base}/adminmanagement`);
    await adminPage.getByRole('heading', { level: 1, name: 'Admin Management' }).waitFor();
    assert.equal(here(adminPage), '/adminmanagement');

    // Admin Management is the staff screen: one place to grant roles.
    await adminPage.getByRole('list', { name: 'Staff' }).waitFor();
    const add = adminPage.getByRole('form', { name: 'Add a member of staff' });

    // Someone without an account is invited by e-mail, and joins with a name and password only
    // (no profile photo asked).
    const invited = uniqueEmail('tolu');
    await add.getByLabel('Email', { exact: true }).fill(invited);
    await add.getByLabel('Role').selectOption('packer');
    await add.getByRole('button', { name: 'Make Admin' }).click();
    await adminPage
      .getByText(`${invited} has no account yet: we e-mailed them an invitation to join as a packer.`)
      .waitFor();
    let link = '';
    for (let i = 0; i < 100 && !link; i++) {
      const mail = shop
        .outbox()
        .map((m) => m.text)
        .find((text) => text.includes(invited) && text.includes('/join?token='));
      link = mail ? mail.slice(mail.indexOf('/join?token=')).match(/^\/join\?token=[A-Za-z0-9]+/)[0] : '';
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(link, 'the invitation was mailed');
    const joining = await axePage(browser, DESKTOP);
    await joining.goto(`${shop.base}${link}`);
    const join = joining.getByRole('form', { name: 'Join the staff' });
    await join.waitFor();
    await joining.getByText(`You are invited to join as packer with ${invited}.`, { exact: false }).waitFor();
    assert.equal(await joining.locator('input[type="file"]').count(), 0, 'no profile photo asked');
    assert.deepEqual(await axeViolations(joining), []);
    await join.getByLabel('Full name').fill('Tolu Ade');
    await join.getByLabel('Password', { exact: true }).fill('secret123');
    await join.getByLabel('Confirm password').fill('secret123');
    await join.getByRole('button', { name: 'Join the staff' }).click();
    await waitForPath(joining, '/admin/orders');
    await joining.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    assert.deepEqual(joining.errors, []);
    await joining.context().close();

    // An account that exists gets the role at once, said as what was granted.
    await add.getByLabel('Email', { exact: true }).fill(otherEmail);
    await add.getByLabel('Role').selectOption('owner');
    await add.getByRole('button', { name: 'Make Admin' }).click();
    await adminPage.getByText(`Success! ${otherEmail} is now an owner.`).waitFor();

    // The other user becomes staff at their next refresh: an owner (SPEC's admin, the grant's
    // default), who runs the back office from the menu and manages admins too.
    await otherPage.evaluate(() =>
      fetch('/api/auth/refresh', { method: 'POST', headers: { 'X-Requested-With': 'ankara' } }),
    );
    await otherPage.goto(`${shop.base}/`);
    await otherPage.getByRole('button', { name: 'Open menu' }).click();
    const menu = otherPage.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    assert.equal(await menu.getByRole('link', { name: 'Admin Management' }).count(), 1);
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await waitForPath(otherPage, '/admin/orders');
    assert.deepEqual(adminPage.errors, []);
  });
});

describe('accounts on a phone (412×823)', () => {
  test('guards: visitor to /login?next= and back after login; signed-in away from /login; customer away from admin', async () => {
    const email = uniqueEmail('emeka');
    const setup = await newPage(browser, MOBILE);
    await signUp(setup, shop.base, { name: 'Emeka Eze', email });
    await setup.context().close();

    const page = await newPage(browser, MOBILE);
    await page.goto(`${shop.base}/mybag`);
    await waitForPath(page, '/login?next=%2Fmybag');
    await logIn(page, email, 'secret123');
    await waitForPath(page, '/mybag');
    await page.getByRole('heading', { level: 1, name: 'My Bag' }).waitFor();

    await page.goto(`${shop.base}/login`);
    await waitForPath(page, '/');
    await page.goto(`${shop.base}/signup`);
    await waitForPath(page, '/');
    await page.goto(`${shop.base}/reset-password?oobCode=abc`);
    await waitForPath(page, '/');
    await page.goto(`${shop.base}/adminmanagement`);
    await waitForPath(page, '/');

    // Signed in, the sidebar greets the user and offers Log Out (no Admin Management).
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await sidebar.getByText('Emeka Eze').waitFor();
    assert.equal(await sidebar.getByRole('link', { name: 'Admin Management' }).count(), 0);
    await sidebar.getByRole('link', { name: 'My Account' }).click();
    await waitForPath(page, '/myaccount');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.getByRole('button', { name: 'Log Out' }).click();
    await waitForPath(page, '/');

    // Signed out again: the signed-in pages send the visitor to login.
    await page.goto(`${shop.base}/saved-items`);
    await waitForPath(page, '/login?next=%2Fsaved-items');
    await page.goto(`${shop.base}/myaccount`);
    await waitForPath(page, '/login?next=%2Fmyaccount');
    assert.deepEqual(page.errors, []);
  });

  test('a revoked session signs the user out on the next request', async () => {
    const page = await newPage(browser, MOBILE);
    await signUp(page, shop.base, { name: 'Funmi Ola', email: uniqueEmail('funmi') });
    await page.goto(`${shop.base}/saved-items`);
    await page.getByRole('heading', { level: 1, name: 'Saved Items' }).waitFor();
    // End the session behind the page's back (as another tab's Log Out would).
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', headers: { 'X-Requested-With': 'ankara' } }));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: /^My Bag/ })
      .click();
    await waitForPath(page, '/login?next=%2Fmybag');
  });
});
