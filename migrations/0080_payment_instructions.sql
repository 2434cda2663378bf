-- Paramètres › Paiement (issue 35): how a customer pays by transfer (the shop's IBAN and BIC) or by
-- cheque (the payee). The confirmation mail and /compte give them; empty until the owner fills them.
alter table shop_settings
  add column iban text not null default '',
  add column bic text not null default '',
  add column cheque_payee text not null default '';
