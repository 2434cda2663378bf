-- Where an answer to a mail goes when it is not the sender (issue 35): the shop's notice of a
-- contact request is answered straight to the person who sent it.
alter table mail_outbox add column reply_to text;
