import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ADMIN_GROUPS } from '../../src/client/features/admin/layout/admin-pages';
import { ADMIN, signInAsAdmin } from './support/admin';
import { type OwnProduct, ownProduct } from './support/catalogue';
import { hydrated } from './support/hydration';
import { findMail } from './support/mail';
import { expect, test } from './support/test';

/**
 * Issue 29: the owner's daily work (a phone order taken, printed and shipped with its tracking
 * number mailed to the customer) and the defects of the back-office walk, each at the width where
 * it was seen.
 */

/** The order's card (phones) or row (wider screens) in the orders list, found by a name on it. */
const orderInList = (page: Page, name: string) =>
  page
    .locator('[data-testid="order-row"], [data-testid="order-card"]')
    .filter({ hasText: name })
    .filter({ visible: true });

/** The page does not scroll sideways: nothing is wider than the window. */
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * "Nouvelle commande" filled and sent: a pickup order of the test's own product, found by its name
 * (never the first « piège » found: other specs may have sold it out).
 *
 * `holdNotice`: once « Commande … créée » shows, the window loses the focus (as when the owner turns to
 * another window), and Radix keeps its notices up until the focus comes back (releaseNotice). A
 * check several steps later then still finds it, however loaded the machine: its 5 s ran out twice
 * in one CI run, between the notice and the walk's check beside the order dialog.
 */
async function newPhoneOrder(
  page: Page,
  product: OwnProduct,
  last: string,
  email: string,
  options: { holdNotice?: boolean } = {},
) {
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle commande' });
  await dialog.getByLabel('Prénom *').fill('Paul');
  await dialog.getByLabel('Nom *', { exact: true }).fill(last);
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Téléphone *').fill('06 12 34 56 78');
  await dialog.getByLabel('Chercher un produit').fill(product.title);
  await dialog
    .getByRole('list', { name: 'Produits trouvés' })
    .getByRole('button')
    .filter({ hasText: product.title })
    .click();
  await expect(dialog.getByTestId('new-order-lines')).toBeVisible();
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();
  await expect(page.getByText(/^Commande CMD-.* créée/).first()).toBeVisible();
  if (options.holdNotice) await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await expect(dialog).toBeHidden();
}

/** The window has the focus again: held notices go on to close (newPhoneOrder's holdNotice). */
const releaseNotice = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/**
 * Whether this open dialog fits the window: nothing in it wider than itself, itself within the
 * window, and the page behind not scrolling sideways.
 */
async function dialogFits(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const inside = await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth);
  const box = await dialog.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return inside && box !== null && box.x >= 0 && box.x + box.width <= width && (await noSideScroll(page));
}

/**
 * What a careful look at a screen would refuse, in the main area and the open dialogs (issue 29's
 * walk): a box that scrolls sideways inside the page (a table wider than its card), a money amount
 * broken over two lines (« 14,90 » then « € »), a line that starts with « : », « ; », « ! », « ? »
 * or « » » (its space should not break). Each defect as « where: what ».
 */
function layoutDefects(page: Page) {
  return page.evaluate(() => {
    const defects: string[] = [];
    const roots = [...document.querySelectorAll('main, [role="dialog"]')];
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()} « ${(e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)} »`;
    const visible = (e: Element) => e.getClientRects().length > 0;
    for (const root of roots) {
      for (const e of [root, ...root.querySelectorAll('*')]) {
        const overflowX = getComputedStyle(e).overflowX;
        if (
          (overflowX === 'auto' || overflowX === 'scroll') &&
          e.scrollWidth > e.clientWidth + 1 &&
          visible(e)
        )
          defects.push(`scrolls sideways (${e.scrollWidth} > ${e.clientWidth} px): ${name(e)}`);
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const top = (node: Node, from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, to);
        return [...range.getClientRects()].map((r) => Math.round(r.top));
      };
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!node.parentElement || !visible(node.parentElement)) continue;
        for (const m of text.matchAll(/[−+-]?\d[\d\u00a0\u202f]*,\d\d[\s\u202f]€/g)) {
          const tops = new Set(top(node, m.index, m.index + m[0].length));
          if (tops.size > 1) defects.push(`amount on two lines: « ${m[0]} » in ${name(node.parentElement)}`);
        }
        for (const m of text.matchAll(/\S[ \u00a0\u202f]+[:;!?»]/g)) {
          const [before] = top(node, m.index, m.index + 1);
          const [after] = top(node, m.index + m[0].length - 1, m.index + m[0].length);
          if (before !== undefined && after !== undefined && after - before > 2)
            defects.push(`line starts with « ${m[0].at(-1)} »: ${name(node.parentElement)}`);
        }
      }
    }
    return defects;
  });
}

/** A screen, tab or dialog checked by layoutDefects, named with the width in the failure. */
async function expectNoLayoutDefects(page: Page, where: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await layoutDefects(page), `${where} at ${width} px`).toEqual([]);
}

/** With WALK_SCREENSHOTS=<folder>: a full-page screenshot per step, to look at after the walk. */
async function shot(page: Page, name: string) {
  const folder = process.env.WALK_SCREENSHOTS;
  if (!folder) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${width}-${name}.png`), fullPage: true });
}

/**
 * Every back-office screen of the sidebar (admin-pages.ts: a screen added later is walked too),
 * every tab of Paramètres, and the dialogs: product, categories, customer, new order, the order
 * with its Paiements block and the payment, refund and cancel dialogs. At each: no sideways scroll.
 */
async function walkBackOffice(page: Page, own: OwnProduct, width: number) {
  await page.setViewportSize({ width, height: 800 });
  for (const screen of ADMIN_GROUPS.flatMap((g) => g.pages.map((p) => p.path))) {
    await page.goto(screen);
    await expect(page.getByTestId('page-badge')).toBeVisible();
    await expect(page.locator('main h1').first()).toBeVisible();
    // Lists have loaded (or said they are empty) before measuring.
    await page.waitForLoadState('networkidle');
    await shot(page, screen.replace('/admin/', ''));
    expect(await noSideScroll(page), `${screen} scrolls sideways at ${width} px`).toBe(true);
    await expectNoLayoutDefects(page, screen);
    // The header's sign-out stays on screen (defect 3).
    const signOut = await page.getByRole('button', { name: 'Déconnexion' }).boundingBox();
    expect(signOut && signOut.x + signOut.width <= width, `${screen}: Déconnexion off screen`).toBe(true);
  }

  // Paramètres, tab by tab (Facturation, Mentions légales and any tab added later).
  await page.goto('/admin/settings');
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const name of await tabs.allInnerTexts()) {
    await tabs.filter({ hasText: name.trim() }).first().click();
    await expect(tabs.filter({ hasText: name.trim() }).first()).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    // The tab's own data has loaded (Facturation, Statistiques, Données personnelles fetch theirs).
    await expect(page.locator('main').getByText('Chargement...')).toHaveCount(0);
    await expectNoLayoutDefects(page, `Paramètres › ${name.trim()}`);
    await shot(page, `settings-${name.trim().toLowerCase().replace(/\W+/g, '-')}`);
    expect(await noSideScroll(page), `Paramètres › ${name.trim()} scrolls sideways at ${width} px`).toBe(
      true,
    );
  }

  // Products: the product dialog (with its biocide and CLP fields) and the categories.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Nouveau produit' }).click();
  const product = page.getByRole('dialog');
  // The regulated fields opened as far as they go: a professional-only rodenticide.
  await product.getByLabel('Produit biocide').selectOption('TP14');
  await product.getByRole('switch', { name: 'Réservé aux professionnels (Certibiocide)' }).click();
  await expect(product.getByLabel('Catégorie de Certibiocide requise')).toBeVisible();
  await shot(page, 'product-dialog');
  expect(await dialogFits(page, product), `product dialog at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'product dialog');
  await page.keyboard.press('Escape');
  await expect(product).toBeHidden();
  await page.getByRole('button', { name: 'Catégories' }).click();
  await shot(page, 'categories-dialog');
  expect(await dialogFits(page, page.getByRole('dialog')), `categories dialog at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'categories dialog');
  await page.keyboard.press('Escape');

  // Customers: the customer dialog.
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await shot(page, 'customer-dialog');
  expect(await dialogFits(page, page.getByRole('dialog')), `customer dialog at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'customer dialog');
  await page.keyboard.press('Escape');
  // And « Modifier » on a customer: the dialog with their activity and the account mails (issue 35).
  await page
    .getByTestId('customer-row')
    .or(page.getByTestId('customer-card'))
    .filter({ visible: true })
    .first()
    .getByRole('button', { name: /^Modifier/ })
    .click();
  const customer = page.getByRole('dialog', { name: 'Modifier le client' });
  await expect(customer.getByTestId('customer-activity')).toContainText('Total dépensé');
  await shot(page, 'customer-edit-dialog');
  expect(await dialogFits(page, customer), `customer edit dialog at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'customer edit dialog');
  await page.keyboard.press('Escape');

  // Orders: a phone order, then its dialog with the Paiements block and each money dialog.
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  await shot(page, 'new-order-dialog');
  expect(await dialogFits(page, page.getByRole('dialog')), `new order dialog at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'new order dialog');
  await page.keyboard.press('Escape');
  const last = `Largeur${width}${randomBytes(3).toString('hex')}`;
  await newPhoneOrder(page, own, last, `walk-${width}-${randomBytes(4).toString('hex')}@example.fr`, {
    holdNotice: true,
  });
  // The list with at least this order in it (its cards or its table).
  await shot(page, 'orders-with-one');
  await expectNoLayoutDefects(page, 'Commandes with an order');
  await orderInList(page, last)
    .getByRole('button', { name: /^Détails de la commande/ })
    .click();
  const order = page.getByRole('dialog', { name: /^Commande CMD-/ });
  await expect(order.getByTestId('payments-block')).toBeVisible();
  // The notice « Commande … créée » is still up: it leaves the dialog's close button in sight (defect 2).
  const notice = page.getByText(/^Commande CMD-.* créée/).first();
  await expect(notice).toBeVisible();
  const closeBox = await order.getByRole('button', { name: 'Fermer', exact: true }).boundingBox();
  const noticeBox = await page.locator('li', { has: notice }).boundingBox();
  const overlaps =
    closeBox !== null &&
    noticeBox !== null &&
    closeBox.x < noticeBox.x + noticeBox.width &&
    noticeBox.x < closeBox.x + closeBox.width &&
    closeBox.y < noticeBox.y + noticeBox.height &&
    noticeBox.y < closeBox.y + closeBox.height;
  expect(overlaps, `a notice covers the order dialog's close button at ${width} px`).toBe(false);
  await releaseNotice(page);
  await shot(page, 'order-dialog');
  expect(await dialogFits(page, order), `order dialog at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'order dialog');
  const money = async (button: string, title: string) => {
    await order.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await shot(page, `order-${title.toLowerCase().replace(/\W+/g, '-')}`);
    expect(await dialogFits(page, dialog), `${title} at ${width} px`).toBe(true);
    await expectNoLayoutDefects(page, `${title} dialog`);
    return dialog;
  };
  const payment = await money('Enregistrer un paiement', 'Enregistrer un paiement');
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(payment).toBeHidden();
  await expect(order.getByTestId('payments-block')).toContainText('Paiement');
  await page.keyboard.press('Escape').catch(() => undefined);
  const refund = await money('Rembourser', 'Rembourser');
  await refund.getByRole('button', { name: 'Annuler' }).click();
  await expect(refund).toBeHidden();
  const cancel = await money('Annuler la commande', 'Annuler la commande');
  await cancel
    .getByRole('button', { name: /^(Annuler|Fermer|Retour)$/ })
    .first()
    .click();
  await expect(cancel).toBeHidden();

  // Factures, now with the paid order's invoice.
  await page.goto('/admin/invoices');
  await page.waitForLoadState('networkidle');
  await shot(page, 'invoices-with-one');
  expect(await noSideScroll(page), `Factures scrolls sideways at ${width} px`).toBe(true);
  await expectNoLayoutDefects(page, 'Factures');
}

test('every back-office screen, tab and dialog fits at 375 px without scrolling sideways (defects 3 and 4) @phone', async ({
  page,
}, testInfo) => {
  // Each project walks at its own width (phone 375 px, desktop 1280 px); WALK_WIDTHS=768,… walks
  // others too (with WALK_SCREENSHOTS, to look at every screen at the widths of issue 29).
  const widths = process.env.WALK_WIDTHS?.split(',').map(Number) ?? [
    testInfo.project.name.startsWith('phone') ? 375 : 1280,
  ];
  test.setTimeout(360_000 * widths.length);
  const product = await ownProduct('Piège largeur');
  await signInAsAdmin(page);
  for (const width of widths) await walkBackOffice(page, product, width);
  // The products list has a phone layout (defect 4): price, stock and actions are on screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/products');
  await page.getByPlaceholder('Rechercher des produits...').fill(product.title);
  const card = page
    .locator('[data-testid="product-card"], [data-testid="product-row"]')
    .filter({ hasText: product.title })
    .filter({ visible: true });
  await expect(card).toBeVisible();
  const edit = await card.getByRole('button', { name: /^Modifier/ }).boundingBox();
  expect(edit && edit.x + edit.width <= 375).toBe(true);
});

test('an unknown back-office path shows the 404 page, without a hydration error (defect 7)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto('/admin/nimporte-quoi');
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/nimporte-quoi$/);
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
});

test.describe('in an English-locale browser', () => {
  test.use({ locale: 'en-US' });
  test('a price typed "1,5" is 1,50 €, and /panier stops "+" at the stock (defects 14, 9, 2)', async ({
    page,
  }) => {
    await signInAsAdmin(page, '/admin/products');
    const title = `Piège daily ${randomBytes(3).toString('hex')}`;
    await page.getByRole('button', { name: 'Nouveau produit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un nouveau produit' });
    // Defect 2: the validation notice does not cover the dialog's buttons.
    const create = dialog.getByRole('button', { name: 'Créer', exact: true });
    await create.click();
    await expect(page.getByText('Erreur de validation').first()).toBeVisible();
    const covered = await create.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(hit && button.contains(hit));
    });
    expect(covered).toBe(false);
    await dialog.getByLabel('Titre *').fill(title);
    await dialog.getByLabel('Prix (€) *').fill('1,5');
    await dialog.getByLabel('Stock', { exact: true }).fill('2');
    // The per-product delivery cost is gone from the dialog: delivery follows the shop's one rule.
    await expect(dialog.getByLabel('Frais de port (€)')).toHaveCount(0);
    await create.click();
    await expect(page.getByText('Produit créé avec succès.').first()).toBeVisible();
    await page.getByPlaceholder('Rechercher des produits...').fill(title);
    const row = page.getByTestId('product-row').filter({ hasText: title });
    await expect(row).toContainText('1,50 €');

    await page.goto('/boutique');
    await page.getByTestId('product-grid').getByRole('link', { name: title }).first().click();
    await page
      .getByRole('button', { name: /Ajouter au panier/ })
      .first()
      .click();
    await page.goto('/panier');
    await hydrated(page);
    const line = page.getByTestId('cart-line').filter({ hasText: title });
    const plus = line.getByRole('button', { name: `Augmenter la quantité de ${title}` });
    await plus.click();
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    await expect(plus).toBeDisabled();
  });
});

test('a phone order end to end: created in the back-office, printed, shipped with its tracking number mailed', async ({
  page,
}) => {
  const product = await ownProduct('Piège téléphone');
  await signInAsAdmin(page, '/admin/orders');
  const last = `Téléphone${randomBytes(3).toString('hex')}`;
  const email = `tel.${randomBytes(4).toString('hex')}@example.fr`;
  await newPhoneOrder(page, product, last, email);
  await page.getByLabel('Rechercher des commandes').fill(last);
  const card = orderInList(page, last);
  await expect(card).toHaveCount(1);
  const number = (await card.locator('p.font-medium').first().textContent())?.trim() ?? '';
  await card.getByRole('button', { name: /^Détails de la commande/ }).click();
  const details = page.getByRole('dialog', { name: new RegExp(`Commande ${number}`) });
  await expect(details.getByText("(commande passée par l'équipe)")).toBeVisible();
  // The packing slip, as printed: the shop, the order, the customer, the lines, no prices unless asked.
  await page.emulateMedia({ media: 'print' });
  const slip = page.getByTestId('packing-slip');
  await expect(slip).toBeVisible();
  await expect(slip).toContainText('Bon de préparation');
  await expect(slip).toContainText(`Commande ${number}`);
  await expect(slip).toContainText(`Paul ${last}`);
  await expect(slip).toContainText('Retrait en boutique');
  await expect(slip).not.toContainText('€');
  await page.emulateMedia({ media: 'screen' });
  await details.getByLabel('Avec les prix').check();
  await page.emulateMedia({ media: 'print' });
  await expect(slip).toContainText('€');
  await page.emulateMedia({ media: 'screen' });
  await expect(slip).toBeHidden();
  await page.keyboard.press('Escape');

  await card.getByLabel(`Statut de la commande ${number}`).selectOption('shipped');
  const ship = page.getByRole('dialog', { name: 'Marquer comme expédiée' });
  await ship.getByLabel('Transporteur (facultatif)').fill('Colissimo');
  await ship.getByLabel('Numéro de suivi (facultatif)').fill('6A12345678901');
  await ship.getByRole('button', { name: 'Marquer expédiée' }).click();
  await expect(page.getByText('Statut de la commande mis à jour.', { exact: true })).toBeVisible();
  await expect
    .poll(() => findMail(email, '6A12345678901'), { timeout: 30_000 })
    .toContain(`Votre commande ${number} est`);
});

test('a 1,000-character note without spaces keeps the order dialog within the screen (defect 1) @phone', async ({
  page,
}) => {
  // Its own order: the list may hold none yet, or orders another spec is changing.
  const product = await ownProduct('Piège note');
  await signInAsAdmin(page, '/admin/orders');
  const last = `Note${randomBytes(3).toString('hex')}`;
  await newPhoneOrder(page, product, last, `note.${randomBytes(4).toString('hex')}@example.fr`);
  await orderInList(page, last)
    .getByRole('button', { name: /^Détails de la commande/ })
    .click();
  const dialog = page.getByRole('dialog').first();
  await dialog.getByLabel('Note interne').fill(`https://example.fr/${'x'.repeat(980)}`);
  await dialog.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(page.getByText('Note ajoutée.').first()).toBeVisible();
  await expect(dialog.getByTestId('order-timeline')).toContainText('https://example.fr/xxx');
  const fits = await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth);
  expect(fits).toBe(true);
  // The title stays clear of the close button.
  const title = await dialog.getByRole('heading').first().boundingBox();
  const close = await dialog.getByRole('button', { name: 'Fermer' }).last().boundingBox();
  expect(title && close && title.x + title.width <= close.x).toBe(true);
});

test('the seeded admin edits their profile without typing a last name (defect 5), and sign-out lands on /boutique (defect 6)', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/customers');
  await page.getByLabel('Filtrer par rôle').selectOption({ label: 'Admins uniquement' });
  const me = page.getByTestId('customer-row').filter({ hasText: ADMIN.email });
  await me.getByRole('button', { name: /^Modifier/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le client' });
  await expect(edit.getByTestId('customer-activity')).toContainText('Total dépensé');
  await edit.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByText('Client mis à jour avec succès.').first()).toBeVisible();
  // A cold shop chunk (a fresh clone's first visit) arrives after the session is gone: the guard
  // must not send the leaving admin to /admin/login meanwhile.
  await page.route(/\/assets\/boutique-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page).toHaveURL(/\/boutique$/);
});
