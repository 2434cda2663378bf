-- Back-office customers (docs/decisions/010-admin-customers.md).

-- Orders outlive the accounts that placed them: deleting a customer must not touch the read tables
-- (nor the log, which has no foreign key). The order keeps its customer id, so the orders screen can
-- tell "Client supprimé" from a guest order.
alter table orders drop constraint if exists orders_customer_id_fkey;

-- The customers list searches by name, email, phone or city, anywhere in the text, case and accent
-- insensitive, and stays fast with 10,000 customers: one folded text per profile (the email copied
-- from users), with a trigram index that LIKE '%...%' uses.
create extension if not exists pg_trgm;

create function customer_search_text(first_name text, last_name text, email text, phone text, city text)
returns text language sql immutable parallel safe as $$
  -- Accents are folded by hand: lower() of a C-locale database only knows ASCII.
  select lower(translate(
           concat_ws(' ', first_name, last_name, email, city, phone,
                     -- French numbers are also typed in the national form (06 12 ...).
                     case when phone like '+33%' then '0' || substr(phone, 4) end),
           'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ',
           'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyyœæ'))
$$;

alter table profiles add column search_text text not null default '';

create function profiles_search_text() returns trigger language plpgsql as $$
begin
  new.search_text := customer_search_text(new.first_name, new.last_name,
                                          (select email from users where id = new.id), new.phone, new.city);
  return new;
end
$$;

create trigger profiles_search_text before insert or update of first_name, last_name, phone, city
  on profiles for each row execute function profiles_search_text();

create function users_email_search_text() returns trigger language plpgsql as $$
begin
  update profiles set first_name = first_name where id = new.id;
  return null;
end
$$;

create trigger users_email_search_text after update of email on users
  for each row when (old.email is distinct from new.email) execute function users_email_search_text();

update profiles p set search_text = customer_search_text(p.first_name, p.last_name, u.email, p.phone, p.city)
  from users u where u.id = p.id;

create index profiles_search_idx on profiles using gin (search_text gin_trgm_ops);
-- Newest first, all roles or one role (the filter), paged by (created_at, id).
create index profiles_created_idx on profiles (created_at desc, id desc);
create index profiles_role_created_idx on profiles (role, created_at desc, id desc);
