import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/client/components/ui/card';
import { useAdminTitle } from './use-admin-title';

/** An honest page for a screen that is not built yet: what it will do, no fake buttons. */
export function ComingScreen({
  title,
  name,
  icon: Icon,
  text,
}: {
  title: string;
  name: string;
  icon: LucideIcon;
  text: string;
}) {
  useAdminTitle(name);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
          <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="max-w-md text-muted-foreground">{text}</p>
        </CardContent>
      </Card>
    </div>
  );
}
