import { NativeSelect } from '@/client/components/ui/native-select';
import { trpc } from '@/client/lib/trpc';

/**
 * The owner's technician filter of « Planning » and « Tournée »: every technician, or one. A
 * technician sees only their own appointments (the server filters), so the screens show it to
 * admins only.
 */
export function TechnicianFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (technicianId: string | null) => void;
}) {
  const technicians = trpc.planning.technicians.useQuery();
  return (
    <NativeSelect
      aria-label="Technicien"
      className="min-w-0 flex-1 basis-56 sm:max-w-64"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">Tous les techniciens</option>
      {technicians.data?.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </NativeSelect>
  );
}
