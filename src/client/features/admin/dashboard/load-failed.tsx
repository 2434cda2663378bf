/** What a dashboard card shows when its figures could not be read. */
export function LoadFailed() {
  return <p className="py-6 text-center text-sm text-destructive">Impossible de charger ces chiffres.</p>;
}
