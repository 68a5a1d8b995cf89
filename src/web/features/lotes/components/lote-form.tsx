import { useId, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { LOTE_STATUS_LABELS, type Lote, type LoteInput } from '../../../../contract/lotes';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { ApiError } from '../../../lib/api';
import { showFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { FORM_FIELDS, LoteFormSchema, toFormValues, type FormValues } from '../form-values';
import { CafeSection, FisicoSection, TazaSection } from './lote-form-sections/cafe';
import { GaleriaSection, MuestraSection, VisibilidadSection } from './lote-form-sections/media';
import { OfertaSection } from './lote-form-sections/oferta';
import { IdentidadSection, OrigenSection } from './lote-form-sections/origen';

/*
 * One form for creating and editing a lot. Its values, defaults and parsing derive from the contract's
 * LoteInputSchema (form-values.ts); the same schema runs again on the server. Each section is its own component
 * (lote-form-sections/) reading the one form through useLoteForm().
 */

const resolver = zodResolver(LoteFormSchema);

export interface LoteFormProps {
  lote?: Lote;
  submitLabel: string;
  /** The catalogue's failure text for this call (docs/product.md §8: "Error al crear lote" / "…actualizar lote"). */
  errorText: string;
  onSubmit: (body: LoteInput) => Promise<unknown>;
  onSaved: () => void;
  cancelHref: string;
  /** More of the lot's origin, saved by the same button (the edit page's farms: issue 32, one save). */
  origenExtra?: ReactNode;
}

export function LoteForm({ lote, submitLabel, errorText, onSubmit, onSaved, cancelHref, origenExtra }: LoteFormProps) {
  const form = useForm<FormValues, unknown, LoteInput>({
    defaultValues: toFormValues(lote),
    resolver,
    mode: 'onTouched',
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const [generalError, setGeneralError] = useState<string | null>(null);
  // Each photo picker reports its uploads; saving waits until every photo has arrived.
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const hasUploads = Object.values(uploading).some(Boolean);
  const markUploading = (picker: string) => (busy: boolean) =>
    setUploading((s) => (s[picker] === busy ? s : { ...s, [picker]: busy }));
  const saved = useRef(false);
  const formId = useId();

  const submit = handleSubmit(async (body) => {
    setGeneralError(null);
    try {
      await onSubmit(body);
      saved.current = true;
      onSaved();
    } catch (e) {
      toast.error(errorText);
      const shown = showFieldErrors(e, FORM_FIELDS, setError);
      if (e instanceof ApiError && e.fields?._) setGeneralError(e.fields._);
      else if (!shown) setGeneralError(e instanceof ApiError ? e.message : errorText);
    }
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5"
        aria-describedby={generalError ? `${formId}-general` : undefined}
      >
        {lote && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Control de calidad: <strong>{LOTE_STATUS_LABELS[lote.status]}</strong>
            {lote.motivoRechazo ? ` — ${lote.motivoRechazo}` : ''}
          </p>
        )}

        <IdentidadSection editing={!!lote} />
        <OrigenSection />
        {origenExtra}
        <CafeSection />
        <TazaSection />
        <FisicoSection />
        <OfertaSection />
        <GaleriaSection onBusyChange={markUploading('galeria')} />
        <MuestraSection onBusyChange={markUploading('muestra')} />
        <VisibilidadSection />

        {generalError && (
          <p id={`${formId}-general`} role="alert" className="field-error">
            {generalError}
          </p>
        )}
        {Object.keys(errors).length > 0 && (
          <p role="alert" className="field-error">
            Revisa los campos marcados antes de guardar.
          </p>
        )}
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap justify-end gap-2 border-t border-gray-200 bg-gray-50/95 px-1 py-3 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
          <Link to={cancelHref} className="btn-secondary">
            Cancelar
          </Link>
          <button type="submit" className="btn-primary" disabled={isSubmitting || hasUploads}>
            {isSubmitting ? 'Guardando…' : hasUploads ? 'Subiendo imágenes…' : submitLabel}
          </button>
        </div>

        <LeaveGuard dirty={isDirty} saved={saved} what="este lote" />
      </form>
    </FormProvider>
  );
}
