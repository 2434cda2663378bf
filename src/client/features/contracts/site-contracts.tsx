import { Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { CONTRACT_STATUS_LABELS } from '@/domain/contracts/decider';
import { frenchDay } from '@/domain/site/dates';

/** The site page's « Contrats » tab: the yearly contracts of this site, each opening its page. */
export function SiteContracts({ siteId }: { siteId: string }) {
  const list = trpc.contracts.list.useQuery();
  const rows = (list.data ?? []).filter((c) => c.siteId === siteId);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Contrats d’entretien du site</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/contracts">
            <Plus aria-hidden="true" />
            Nouveau contrat
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground">Aucun contrat pour ce site.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Contrat</TableHead>
                <TableHead>Statut</TableHead>
                <TableHead>Prochaine visite</TableHead>
                <TableHead className="text-right">Prix annuel HT</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <Link
                      className="font-medium text-primary underline-offset-4 hover:underline"
                      to={`/admin/contracts?contrat=${c.id}`}
                    >
                      {c.number}
                    </Link>
                    <span className="block text-sm text-muted-foreground">{c.customerName}</span>
                  </TableCell>
                  <TableCell>
                    <Badge variant={c.status === 'active' ? 'default' : 'secondary'}>
                      {CONTRACT_STATUS_LABELS[c.status]}
                    </Badge>
                  </TableCell>
                  <TableCell>{c.nextVisit ? frenchDay(c.nextVisit.day) : '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatEuros(c.yearlyPriceExclCents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
