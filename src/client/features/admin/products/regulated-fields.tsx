import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Switch } from '@/client/components/ui/switch';
import { BIOCIDE_TYPE_CODES, BIOCIDE_TYPES } from '@/domain/catalog/biocides';
import { CERTIBIOCIDE_CATEGORIES, CERTIBIOCIDE_CATEGORY_CODES } from '@/domain/catalog/certibiocide';
import { discountForbidden } from '@/domain/catalog/discount-ban';
import {
  GHS_PICTOGRAM_CODES,
  GHS_PICTOGRAMS,
  HAZARD_CODES,
  HAZARD_STATEMENTS,
  PRECAUTIONARY_CODES,
  PRECAUTIONARY_STATEMENTS,
  SIGNAL_WORDS,
} from '@/domain/catalog/hazards';
import { NET_UNIT_CODES, NET_UNITS } from '@/domain/catalog/pricing';
import { PRODUCT_MESSAGES, type ProductFormValues } from '@/domain/catalog/product';
import { AMM_NUMBER_MAX, ANTIDOTE_MAX } from '@/domain/common/limits';
import { GhsPictogramIcon } from '../../shop/ghs-pictogram';
import { UploadField } from '../upload-field';

type Errors = Partial<Record<keyof ProductFormValues, string | undefined>>;
interface FormApi {
  values: ProductFormValues;
  errors: Errors;
  set: <K extends keyof ProductFormValues>(name: K, value: ProductFormValues[K]) => void;
  text: (name: 'netQuantity') => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
}

function toggle(list: string[], code: string, on: boolean) {
  return on ? [...list.filter((c) => c !== code), code] : list.filter((c) => c !== code);
}

/** A scrollable list of checkboxes, one per official code, with its French text. */
function CodeList({
  legend,
  codes,
  texts,
  selected,
  onChange,
  error,
}: {
  legend: string;
  codes: readonly string[];
  texts: Record<string, string>;
  selected: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="max-h-48 overflow-y-auto rounded-md border p-2">
        {codes.map((code) => (
          <label key={code} className="flex items-start gap-2 py-1 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={selected.includes(code)}
              onChange={(e) => onChange(toggle(selected, code, e.target.checked))}
            />
            {/* Combined codes (« P303+P361+P353 ») are long words: they break rather than scroll the list
                sideways on a phone. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <strong>{code}</strong> {texts[code]}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The product's legal fields (issue 27): biocide type and Certibiocide, CLP hazards, safety data
 * sheet and label, net quantity. The domain schema checks them; the promo switch above is disabled
 * for TP14 and TP18 with the reason.
 */
export function RegulatedFields({ form }: { form: FormApi }) {
  const v = form.values;
  const e = form.errors;
  return (
    <div className="grid gap-4 rounded-md border p-4">
      <h3 className="text-base font-semibold">Produit réglementé</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Produit biocide" error={e.biocideType}>
          {(c) => (
            <NativeSelect
              {...c}
              value={v.biocideType}
              onChange={(ev) => {
                form.set('biocideType', ev.target.value);
                if (discountForbidden(ev.target.value)) form.set('isOnPromotion', false);
              }}
            >
              <option value="">Non (pas un biocide)</option>
              {BIOCIDE_TYPE_CODES.map((code) => (
                <option key={code} value={code}>
                  {BIOCIDE_TYPES[code].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Réservé aux professionnels (Certibiocide)" inline error={e.professionalOnly}>
          {(c) => (
            <Switch
              {...c}
              checked={v.professionalOnly}
              disabled={!v.biocideType}
              onCheckedChange={(on) => form.set('professionalOnly', on)}
            />
          )}
        </Field>
      </div>
      {v.professionalOnly && (
        <Field label="Catégorie de Certibiocide requise" error={e.certibiocideCategory} required>
          {(c) => (
            <NativeSelect
              {...c}
              value={v.certibiocideCategory}
              onChange={(ev) => form.set('certibiocideCategory', ev.target.value)}
            >
              <option value="">Choisir…</option>
              {CERTIBIOCIDE_CATEGORY_CODES.map((code) => (
                <option key={code} value={code}>
                  {CERTIBIOCIDE_CATEGORIES[code].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      {v.biocideType && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Numéro d'AMM"
            error={e.ammNumber}
            required={v.professionalOnly}
            description="Autorisation de mise sur le marché, reprise dans les rapports et le registre."
          >
            {(c) => (
              <Input
                {...c}
                value={v.ammNumber}
                maxLength={AMM_NUMBER_MAX}
                onChange={(ev) => form.set('ammNumber', ev.target.value)}
              />
            )}
          </Field>
          <Field
            label="Antidote"
            error={e.antidote}
            description="Tel qu'indiqué sur l'étiquette (ex. vitamine K1)."
          >
            {(c) => (
              <Input
                {...c}
                value={v.antidote}
                maxLength={ANTIDOTE_MAX}
                onChange={(ev) => form.set('antidote', ev.target.value)}
              />
            )}
          </Field>
          <Field label="Délai de réentrée (heures)" error={e.reentryDelayHours}>
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                value={v.reentryDelayHours}
                onChange={(ev) => form.set('reentryDelayHours', ev.target.value)}
              />
            )}
          </Field>
          <Field label="Rodenticide anticoagulant" inline error={e.anticoagulantRodenticide}>
            {(c) => (
              <Switch
                {...c}
                checked={v.anticoagulantRodenticide}
                disabled={v.biocideType !== 'TP14' && !v.anticoagulantRodenticide}
                onCheckedChange={(on) => form.set('anticoagulantRodenticide', on)}
              />
            )}
          </Field>
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Pictogrammes de danger (CLP)</legend>
        <div className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 md:grid-cols-5">
          {GHS_PICTOGRAM_CODES.map((code) => (
            <label
              key={code}
              className="flex flex-col items-center gap-1 rounded-md border p-2 text-center text-xs [overflow-wrap:normal]"
            >
              <GhsPictogramIcon code={code} name={GHS_PICTOGRAMS[code]} className="size-10" />
              <span>
                <input
                  type="checkbox"
                  className="mr-1 align-middle"
                  checked={v.hazardPictograms.includes(code)}
                  onChange={(ev) =>
                    form.set('hazardPictograms', toggle(v.hazardPictograms, code, ev.target.checked))
                  }
                />
                {GHS_PICTOGRAMS[code]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Mention d'avertissement" error={e.signalWord}>
        {(c) => (
          <NativeSelect
            {...c}
            value={v.signalWord}
            onChange={(ev) => form.set('signalWord', ev.target.value)}
          >
            <option value="">Aucune</option>
            {SIGNAL_WORDS.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <CodeList
        legend="Mentions de danger (H, EUH)"
        codes={HAZARD_CODES}
        texts={HAZARD_STATEMENTS}
        selected={v.hazardStatements}
        onChange={(next) => form.set('hazardStatements', next)}
        error={e.hazardStatements}
      />
      <CodeList
        legend="Conseils de prudence (P)"
        codes={PRECAUTIONARY_CODES}
        texts={PRECAUTIONARY_STATEMENTS}
        selected={v.precautionaryStatements}
        onChange={(next) => form.set('precautionaryStatements', next)}
        error={e.precautionaryStatements}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <UploadField
          kind="pdf"
          label="Fiche de données de sécurité (PDF)"
          url={v.safetyDataSheet}
          onChange={(url) => form.set('safetyDataSheet', url)}
          error={e.safetyDataSheet}
          description={v.safetyDataSheet ? 'Une fiche est enregistrée.' : undefined}
          viewLabel="Voir la fiche"
          removeLabel="Retirer la fiche"
        />
        <UploadField
          kind="image"
          label="Image de l'étiquette"
          url={v.labelImage}
          onChange={(url) => form.set('labelImage', url)}
          error={e.labelImage}
          description={v.labelImage ? 'Une étiquette est enregistrée.' : undefined}
          removeLabel="Retirer l'étiquette"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Quantité nette"
          error={e.netQuantity}
          description="Le prix au litre ou au kilo en est calculé."
        >
          {(c) => (
            <Input
              {...c}
              {...form.text('netQuantity')}
              type="number"
              step="0.001"
              min="0"
              inputMode="decimal"
            />
          )}
        </Field>
        <Field label="Unité" error={e.netUnit}>
          {(c) => (
            <NativeSelect {...c} value={v.netUnit} onChange={(ev) => form.set('netUnit', ev.target.value)}>
              <option value="">—</option>
              {NET_UNIT_CODES.map((u) => (
                <option key={u} value={u}>
                  {NET_UNITS[u].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
    </div>
  );
}

export const NO_DISCOUNT_REASON = PRODUCT_MESSAGES.noDiscountBiocide;
