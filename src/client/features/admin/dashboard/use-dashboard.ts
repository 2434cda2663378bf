/** Figures are read fresh on every visit and every minute while the screen stays open. */
export const dashboardQueryOptions = { staleTime: 0, refetchInterval: 60_000 } as const;
