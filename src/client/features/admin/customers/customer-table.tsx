import { Download, Pencil, Trash2 } from 'lucide-react';
import { Fragment } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { ROLE_LABELS, type Role } from '@/domain/account/roles';
import { formatPhone } from '@/domain/common/phone';
import { shortDate } from '@/domain/site/dates';
import { RowAction, RowActions, type RowHandlers } from '../layout/screen-parts';
import type { AdminCustomer } from './use-admin-customers';

/** Name, or email, or the spec's "Nom non renseigné". */
export function customerName(c: AdminCustomer): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email || 'Nom non renseigné';
}

/** The customer's data export, for a request received by mail (server/privacy/download.ts). */
const customerDataUrl = (id: string) => `/api/admin/clients/donnees.zip?id=${encodeURIComponent(id)}`;

const frenchDate = (value: string | null) => (value ? shortDate(value) : '-');

/** An email that wraps before its @ and after its dots only (<wbr>: nothing extra when copied). */
function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?=@)|(?<=\.)/).map((part, i) => (
    <Fragment key={`${i}-${part}`}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge
      variant={role === 'admin' ? 'default' : 'secondary'}
      className={className}
      data-testid="role-badge"
    >
      {ROLE_LABELS[role]?.label ?? role}
    </Badge>
  );
}

/**
 * Columns shown when the back-office's main area is wide (56rem: a desktop beside the sidebar, not a
 * tablet), and the role when it has room for it (36rem). Measured on the main area, not the window:
 * beside the sidebar a 768 px tablet leaves a phone's width.
 */
const WIDE = 'hidden @4xl:table-cell';
const ROLE = 'hidden @xl:table-cell';

/** The customers table (back-office.md §2, "Gestion des Clients"). */
export function CustomerTable({
  customers,
  onEdit,
  onDelete,
}: RowHandlers<AdminCustomer> & { customers: AdminCustomer[] }) {
  return (
    <Table data-testid="customers-table" className="@4xl:[&_td]:px-2 @4xl:[&_th]:px-2">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Client</TableHead>
          <TableHead className={WIDE}>Contact</TableHead>
          <TableHead className={WIDE}>Adresse</TableHead>
          <TableHead className={WIDE}>Date d'inscription</TableHead>
          <TableHead className={ROLE}>Rôle</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {customers.map((c) => {
          const name = customerName(c);
          const place = [c.address, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean);
          return (
            <TableRow key={c.id} data-testid="customer-row">
              <TableCell className="min-w-40">
                <p className="font-medium">{name}</p>
                <p className="font-mono text-xs text-muted-foreground">{c.id.slice(0, 8)}</p>
                {/* Narrow screens: the contact under the name, the other columns in the dialog. */}
                <div className="mt-1 text-xs text-muted-foreground @4xl:hidden">
                  <p className="[overflow-wrap:anywhere]">{c.email}</p>
                  {c.phone ? <p className="whitespace-nowrap">{formatPhone(c.phone)}</p> : null}
                </div>
                <RoleBadge role={c.role} className="mt-2 @xl:hidden" />
              </TableCell>
              <TableCell className={`min-w-52 max-w-72 break-words ${WIDE}`}>
                <p>
                  <BreakableEmail email={c.email} />
                </p>
                {c.phone ? (
                  <p className="whitespace-nowrap text-xs text-muted-foreground">{formatPhone(c.phone)}</p>
                ) : null}
              </TableCell>
              <TableCell className={`min-w-32 ${WIDE}`}>
                {place.length === 0 && c.country === 'France' ? (
                  <span className="text-muted-foreground">-</span>
                ) : (
                  <>
                    {place.map((line) => (
                      <p key={line}>{line}</p>
                    ))}
                    {c.country !== 'France' ? (
                      <p className="text-xs text-muted-foreground">{c.country}</p>
                    ) : null}
                  </>
                )}
              </TableCell>
              <TableCell className={`whitespace-nowrap ${WIDE}`}>{frenchDate(c.createdAt)}</TableCell>
              <TableCell className={ROLE}>
                <RoleBadge role={c.role} />
              </TableCell>
              <TableCell className="text-right">
                <RowActions>
                  <RowAction icon={Pencil} label={`Modifier ${name}`} onClick={() => onEdit(c)} />
                  <RowAction
                    icon={Download}
                    label={`Télécharger les données de ${name}`}
                    onClick={() => window.location.assign(customerDataUrl(c.id))}
                  />
                  {c.role !== 'admin' ? (
                    <RowAction
                      icon={Trash2}
                      label={`Supprimer ${name}`}
                      onClick={() => onDelete(c)}
                      destructive
                    />
                  ) : (
                    <span className="size-9" aria-hidden="true" />
                  )}
                </RowActions>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
