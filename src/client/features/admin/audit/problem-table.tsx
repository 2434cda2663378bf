import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import type { RouterOutputs } from '@/client/lib/trpc';

type Problem = RouterOutputs['audit']['run']['problems'][number];

/** What each kind of problem found by the verifier (src/server/audit/verify.ts) means, in French. */
const KIND_LABELS: Record<Problem['kind'], string> = {
  hash: 'Contenu modifié',
  chain: 'Chaînage rompu',
  order: 'Ordre modifié',
  missing: 'Événement manquant',
  head: 'Fin de commande incohérente',
  checkpoint: 'Écart avec le point de contrôle',
  signature: 'Signature du point de contrôle invalide',
  witness: 'Écart avec la copie témoin',
  format: 'Ligne illisible',
  closure: 'Clôture incohérente',
  document: 'Facture ou avoir non conforme',
};

/** The problems of a verification with their positions in the log (the verifier's detail kept as is). */
export function ProblemTable({ problems }: { problems: Problem[] }) {
  return (
    <Table data-testid="audit-problems">
      <TableHeader>
        <TableRow>
          <TableHead className="w-24">Position</TableHead>
          <TableHead>Anomalie</TableHead>
          <TableHead className="max-sm:hidden">Détail technique</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {problems.map((problem, i) => (
          <TableRow key={`${problem.position}-${problem.kind}-${i}`}>
            <TableCell className="font-mono">{problem.position ?? '-'}</TableCell>
            <TableCell className="font-medium">{KIND_LABELS[problem.kind] ?? problem.kind}</TableCell>
            <TableCell className="text-xs text-muted-foreground max-sm:hidden">
              <code className="break-all">{problem.message}</code>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
