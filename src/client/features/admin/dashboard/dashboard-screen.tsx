import { BarChart3, LayoutDashboard } from 'lucide-react';
import { Tabs, TabsContent } from '@/client/components/ui/tabs';
import { IconTabsList } from '../layout/screen-parts';
import { useLiveDashboard } from '../live/use-live';
import { Analytics } from './analytics';
import { Overview } from './overview';
import { ReadinessCard } from './readiness-card';

/** The dashboard (back-office.md §2) with real figures: an overview and an analytics tab. */
export function DashboardScreen() {
  useLiveDashboard();
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tableau de bord</h1>
      <ReadinessCard />
      <Tabs defaultValue="overview">
        <IconTabsList
          tabs={[
            { value: 'overview', icon: LayoutDashboard, label: "Vue d'ensemble" },
            { value: 'analytics', icon: BarChart3, label: 'Analyses' },
          ]}
        />
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
