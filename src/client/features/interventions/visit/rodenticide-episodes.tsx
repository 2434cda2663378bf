/**
 * The owner's open anticoagulant rodenticide episodes (ADR 037) on « Interventions »: when each
 * started, the next inspection's window (overdue in red), and the proposed days, each booked in
 * one click (09:00, one hour, the episode's last technician) through the planning's own booking.
 */
import { AlertTriangle } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { toast, toastError } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { frenchDateTime } from '@/domain/site/dates';
import { frenchDay } from '@/domain/site/french-day';

export function RodenticideEpisodes() {
  const episodes = trpc.visits.episodes.useQuery();
  const book = trpc.planning.book.useMutation();
  const utils = trpc.useUtils();
  if (!episodes.data || episodes.data.length === 0) return null;
  const overdue = episodes.data.filter((e) => e.overdue).length;
  return (
    <section aria-labelledby="episodes-title" className="grid gap-3" data-testid="rodenticide-episodes">
      <h2 id="episodes-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        Traitements anticoagulants en cours
        <Badge variant="outline">{episodes.data.length}</Badge>
        {overdue > 0 && (
          <Badge variant="destructive">
            {overdue} inspection{overdue > 1 ? 's' : ''} en retard
          </Badge>
        )}
      </h2>
      <ul className="grid gap-3">
        {episodes.data.map((e) => (
          <li key={e.interventionId}>
            <Card className={e.overdue ? 'border-destructive' : ''}>
              <CardContent className="grid gap-2 p-4 text-sm">
                <p className="font-semibold">
                  {e.number} · {e.name}
                  {e.city ? `, ${e.city}` : ''}
                </p>
                <p>
                  {e.species === 'rats' ? 'Rats' : 'Souris'} · depuis le {frenchDay(e.openedOn)} · analyse
                  écrite exigée après le {frenchDay(e.analysisDueAfter)}
                  {e.analysisWrittenOn ? ` (rédigée le ${frenchDay(e.analysisWrittenOn)})` : ''}
                </p>
                {e.nextInspection && (
                  <p className={e.overdue ? 'flex items-center gap-1 font-semibold text-destructive' : ''}>
                    {e.overdue && <AlertTriangle className="size-4" aria-hidden="true" />}
                    Prochaine inspection entre le {frenchDay(e.nextInspection.from)} et le{' '}
                    {frenchDay(e.nextInspection.to)}
                    {e.overdue ? ' : en retard' : ''}
                  </p>
                )}
                {e.nextBookedAt ? (
                  <p className="text-muted-foreground">
                    Inspection planifiée le {frenchDateTime(e.nextBookedAt)}.
                  </p>
                ) : e.lastTechnicianId ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-muted-foreground">Planifier l'inspection (9 h, 1 heure) :</span>
                    {e.proposedDays.map((day) => (
                      <Button
                        key={day}
                        size="sm"
                        variant="outline"
                        disabled={book.isPending}
                        onClick={async () => {
                          try {
                            await book.mutateAsync({
                              interventionId: e.interventionId,
                              technicianId: e.lastTechnicianId!,
                              day,
                              time: '09:00',
                              durationMinutes: 60,
                            });
                            toast({
                              title: 'Inspection planifiée',
                              description: `Le ${frenchDay(day)} à 9 h.`,
                            });
                            await utils.visits.episodes.invalidate();
                          } catch (error) {
                            toastError(error);
                          }
                        }}
                      >
                        {frenchDay(day)}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
