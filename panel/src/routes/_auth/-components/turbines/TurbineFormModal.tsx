import {
  createTurbineBody,
  lowercaseCity,
  parseCoordinates,
  type Turbine,
  TURBINE_ASSET_FIELDS,
  TURBINE_STATUSES,
  updateTurbineBody,
} from '@kanat360/contracts';
import { useState } from 'react';
import { useCreateTurbine, useUpdateTurbine } from '@/api/turbines';
import { SelectField, TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { useI18n } from '@/i18n/language';
import { codeMessage, type FieldErrors, useFormFeedback, validateWith } from '@/forms/form-feedback';
import { type CompanyOption } from '@/forms/company-options';

/** The asset register's fields (issue #25), each a text box; the server reads numbers from their text. */
const ASSET_FIELDS = TURBINE_ASSET_FIELDS;
type AssetField = (typeof ASSET_FIELDS)[number];

interface TurbineFormValues extends Record<AssetField, string> {
  turbine_name: string;
  city: string;
  code: string;
  location: string;
  rooms: string;
  site_name: string;
  status: string;
  company_id: string;
}

/** The fields this form shows, so a server error naming one of them lands beside it. */
const FIELDS: readonly string[] = [
  'turbine_name',
  'city',
  'code',
  'location',
  'rooms',
  'site_name',
  'coordinates',
  'status',
  'company_id',
  ...ASSET_FIELDS,
];

function initialValues(turbine: Turbine | null): TurbineFormValues {
  return {
    turbine_name: turbine?.turbine_name ?? '',
    city: turbine?.city ?? '',
    code: turbine?.code ?? '',
    location: turbine?.location ?? '',
    rooms: String(turbine?.rooms ?? 3),
    site_name: turbine?.site_name ?? '',
    status: turbine?.status ?? 'active',
    company_id: turbine ? String(turbine.company_id) : '',
    ...(Object.fromEntries(ASSET_FIELDS.map((field) => [field, String(turbine?.[field] ?? '')])) as Record<
      AssetField,
      string
    >),
  };
}

/** "38.4237, 27.1428" pasted into the latitude box: both numbers, each into its box. */
function pastedPosition(text: string): { latitude: string; longitude: string } | null {
  const position = parseCoordinates(text);
  return position ? { latitude: String(position.latitude), longitude: String(position.longitude) } : null;
}

/** Spec §5: rooms is an integer of at least 1; an empty box is "missing", not "invalid". */
function roomsProblem(rooms: string): boolean {
  if (rooms.trim() === '') return false;
  const value = Number(rooms);
  return !Number.isInteger(value) || value < 1;
}

/**
 * Add (turbine = null) or edit a turbine (spec §2, §5). Required fields disable the save button; the company is
 * required when adding and only a user who sees every company may move a turbine to another one.
 */
export function TurbineFormModal({
  turbine,
  companies,
  canChooseAnyCompany,
  onClose,
  onCreated,
}: {
  turbine: Turbine | null;
  companies: readonly CompanyOption[];
  canChooseAnyCompany: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t, language } = useI18n();
  const adding = turbine === null;
  const [values, setValues] = useState(() => initialValues(turbine));
  const feedback = useFormFeedback(language);
  const create = useCreateTurbine(() => {
    onCreated();
    onClose();
  });
  const update = useUpdateTurbine(onClose);
  const pending = create.isPending || update.isPending;
  const showCompany = adding || canChooseAnyCompany;

  const set = (field: keyof TurbineFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };

  const required = [values.city, values.code, values.location, ...(adding ? [values.rooms] : [])];
  const complete = required.every((value) => value.trim() !== '');
  const roomsInvalid = roomsProblem(values.rooms);

  const submit = (): void => {
    const body = {
      turbine_name: values.turbine_name,
      city: values.city,
      code: values.code,
      location: values.location,
      rooms: values.rooms,
      site_name: values.site_name,
      ...Object.fromEntries(ASSET_FIELDS.map((field) => [field, values[field]])),
      ...(adding ? {} : { status: values.status }),
      ...(showCompany ? { company_id: values.company_id } : {}),
    };
    const companyMissing = showCompany && values.company_id === '';
    const fail = (errors: FieldErrors) =>
      feedback.showFieldErrors(companyMissing ? { ...errors, company_id: codeMessage('COMPANY_REQUIRED', t) } : errors);
    const onError = (error: unknown) => feedback.showServerError(error, FIELDS);
    if (turbine) {
      const checked = validateWith(updateTurbineBody, body, t);
      if (!checked.ok) return fail(checked.errors);
      if (companyMissing) return fail({});
      update.mutate({ id: turbine.id, body: checked.data }, { onError });
    } else {
      const checked = validateWith(createTurbineBody, body, t);
      if (!checked.ok) return fail(checked.errors);
      if (companyMissing) return fail({});
      create.mutate(checked.data, { onError });
    }
  };

  return (
    <FormModal
      title={adding ? t('panel.turbines.form.addTitle') : t('panel.turbines.form.editTitle', { name: turbine.name })}
      onClose={onClose}
      width="lg"
      testId="turbine-form"
      onSubmit={submit}
      submitLabel={adding ? t('panel.turbines.form.add') : t('panel.action.save')}
      ready={complete && !roomsInvalid}
      pending={pending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
    >
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('panel.turbines.field.name')}
          hint={t('panel.turbines.field.nameHint')}
          value={values.turbine_name}
          onChange={(event) => set('turbine_name')(event.target.value)}
          error={feedback.errors.turbine_name}
          maxLength={120}
          className="col-span-2"
        />
        <TextField
          label={t('panel.turbines.field.city')}
          required
          value={values.city}
          // Spec §5: the city is lowercased as it is typed (Turkish rules: "İ" → "i", "I" → "ı").
          onChange={(event) => set('city')(lowercaseCity(event.target.value))}
          error={feedback.errors.city}
          maxLength={80}
          autoFocus
        />
        <TextField
          label={t('panel.turbines.field.code')}
          required
          value={values.code}
          onChange={(event) => set('code')(event.target.value)}
          error={feedback.errors.code}
          maxLength={64}
        />
        <TextField
          label={t('panel.turbines.field.location')}
          required
          value={values.location}
          onChange={(event) => set('location')(event.target.value)}
          error={feedback.errors.location}
          maxLength={200}
        />
        <TextField
          label={t('panel.turbines.field.rooms')}
          required={adding}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.rooms}
          onChange={(event) => set('rooms')(event.target.value)}
          error={feedback.errors.rooms ?? (roomsInvalid ? codeMessage('ROOMS_INVALID', t) : undefined)}
        />
        <TextField
          label={t('panel.turbines.field.siteName')}
          value={values.site_name}
          onChange={(event) => set('site_name')(event.target.value)}
          error={feedback.errors.site_name}
          maxLength={120}
        />
        <fieldset className="col-span-2 grid grid-cols-2 gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <legend className="sr-only">{t('panel.turbines.assets.title')}</legend>
          <p className="col-span-2 text-sm font-semibold" aria-hidden="true">
            {t('panel.turbines.assets.title')}
          </p>
          {ASSET_FIELDS.map((field) =>
            field === 'manufacturer' || field === 'model' ? (
              <TextField
                key={field}
                label={t(`panel.turbines.field.${field}`)}
                value={values[field]}
                onChange={(event) => set(field)(event.target.value)}
                error={feedback.errors[field]}
                maxLength={80}
              />
            ) : (
              <TextField
                key={field}
                label={t(`panel.turbines.field.${field}`)}
                hint={field === 'latitude' ? t('panel.turbines.field.positionHint') : undefined}
                type="text"
                // Text, not type=number: a Turkish decimal comma ("54,65") is kept as typed; the server reads it.
                inputMode={field === 'commissioned_year' ? 'numeric' : 'decimal'}
                value={values[field]}
                onChange={(event) => {
                  const pasted = field === 'latitude' ? pastedPosition(event.target.value) : null;
                  if (pasted) {
                    set('latitude')(pasted.latitude);
                    set('longitude')(pasted.longitude);
                  } else set(field)(event.target.value);
                }}
                // A position's problem (both forms disagree, one half missing) is named on coordinates.
                error={feedback.errors[field] ?? (field === 'latitude' ? feedback.errors.coordinates : undefined)}
                data-testid={`turbine-field-${field}`}
              />
            ),
          )}
        </fieldset>
        {!adding && (
          <SelectField
            label={t('panel.turbines.field.status')}
            value={values.status}
            onChange={(event) => set('status')(event.target.value)}
            error={feedback.errors.status}
          >
            {TURBINE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`panel.turbines.status.${status}`)}
              </option>
            ))}
          </SelectField>
        )}
        {showCompany && (
          <SelectField
            label={t('panel.turbines.field.company')}
            required
            value={values.company_id}
            onChange={(event) => set('company_id')(event.target.value)}
            error={feedback.errors.company_id}
          >
            <option value="">{codeMessage('COMPANY_REQUIRED', t)}</option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
    </FormModal>
  );
}
