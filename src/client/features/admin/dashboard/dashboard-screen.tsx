import { BarChart3, LayoutDashboard } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { Analytics } from './analytics';
import { Overview } from './overview';

/** The dashboard (back-office.md §2) with real figures: an overview and an analytics tab. */
export function DashboardScreen() {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tableau de bord</h1>
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Vue d'ensemble
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3 className="size-4" aria-hidden="true" />
            Analyses
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        <TabsContent value="analytics">
          <Analytics />
        </TabsContent>
      </Tabs>
    </div>
  );
}
