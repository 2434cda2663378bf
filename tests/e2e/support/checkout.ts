import { expect, type Page } from '@playwright/test';

export interface CheckoutContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
}

/** The guest most tests order as (the email is each test's own). */
export const GUEST: Omit<CheckoutContact, 'email'> = {
  firstName: 'Marie',
  lastName: 'Lefèvre',
  phone: '06 11 22 33 44',
  address: '12 rue des Tilleuls',
  city: 'Évreux',
  postalCode: '27000',
};

/**
 * On /checkout with a cart: fills what the form left empty (it pre-fills what a signed-in
 * customer's account knows), without confirming.
 */
export async function fillCheckout(page: Page, contact: CheckoutContact): Promise<void> {
  const fill = async (name: string, value: string) => {
    const field = page.getByRole('textbox', { name, exact: true });
    if ((await field.inputValue()) === '') await field.fill(value);
  };
  await fill('Prénom', contact.firstName);
  await fill('Nom', contact.lastName);
  await fill('Email', contact.email);
  await fill('Téléphone', contact.phone);
  await fill('Adresse', contact.address);
  await fill('Ville', contact.city);
  await fill('Code postal', contact.postalCode);
}

/** Fills the checkout (fillCheckout), confirms, and returns the order number /confirmation shows. */
export async function confirmCheckout(page: Page, contact: CheckoutContact): Promise<string> {
  await fillCheckout(page, contact);
  await page.getByRole('button', { name: 'Commander et payer' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^CMD-/);
  return number;
}
