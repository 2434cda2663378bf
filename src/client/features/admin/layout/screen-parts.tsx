import type { LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { SubmitButton } from '@/client/components/ui/form';
import { TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { cn } from '@/client/lib/utils';

/**
 * A back-office screen's head: the title with its summary line under it, the actions on the right
 * once the screen has the room (the main area is a container: beside the sidebar on a tablet it is
 * as narrow as a phone), else under it.
 */
export function ScreenHeader({
  title,
  summary,
  children,
}: {
  title: string;
  summary: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 @3xl:flex-row @3xl:items-end @3xl:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {summary}
      </div>
      {children}
    </div>
  );
}

/** The row of a list screen's search box and filter selectors (stacked when the main area is narrow). */
export function ListFilters({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 @2xl:flex-row">{children}</div>;
}

/** What a list table does with a row: the screen opens its dialogs. */
export interface RowHandlers<Row> {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}

/** A table row's icon buttons, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** One icon button of a row (edit, details, delete), named for screen readers by `label`. */
export function RowAction({
  icon: Icon,
  label,
  onClick,
  destructive = false,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  destructive?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-9', destructive && 'text-destructive hover:text-destructive')}
      onClick={onClick}
      aria-label={label}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/**
 * The create / edit dialogs (products, customers): title and description, the form, and a footer kept
 * in view under a long form with « Annuler » and the save button.
 */
export function FormDialog({
  open = true,
  onOpenChange,
  title,
  description,
  onSubmit,
  editing,
  saving,
  onCancel,
  submitLabel = editing ? 'Mettre à jour' : 'Créer',
  busyLabel = 'Sauvegarde...',
  children,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onSubmit: (event: FormEvent) => void;
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
  /** The submit's own words (« Créer le contrat »); default « Créer » or « Mettre à jour ». */
  submitLabel?: string;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" focusDialog>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          {children}
          <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 flex-row justify-end gap-2 border-t bg-background px-6 py-4">
            <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
              Annuler
            </Button>
            <SubmitButton submitting={saving} busyLabel={busyLabel}>
              {submitLabel}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A screen's tab list, each tab its icon and its label. */
export function IconTabsList({
  tabs,
  className,
}: {
  tabs: { value: string; icon: LucideIcon; label: string }[];
  className?: string;
}) {
  return (
    <TabsList className={className}>
      {tabs.map(({ value, icon: Icon, label }) => (
        <TabsTrigger key={value} value={value}>
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
