import { type Company, companyBody } from '@kanat360/contracts';
import { useState } from 'react';
import { useSaveCompany } from '@/api/companies';
import { TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { codeMessage, useFormFeedback, validateWith } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';

interface CompanyFormValues {
  name: string;
  contact_email: string;
  authorized_number: string;
  phone: string;
  address: string;
}

/** The fields this form shows, so a server error naming one of them (e.g. a taken name) lands beside it. */
const FIELDS: readonly (keyof CompanyFormValues)[] = ['name', 'contact_email', 'authorized_number', 'phone', 'address'];

function initialValues(company: Company | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    contact_email: company?.contact_email ?? '',
    authorized_number: company?.authorized_number ?? '',
    phone: company?.phone ?? '',
    address: company?.address ?? '',
  };
}

/**
 * Add (company = null) or edit a partner company (spec §4, §5). Only the name is required: the save button stays
 * disabled while it is blank. A refused save keeps what was typed; closing unmounts the form, so it opens empty.
 */
export function CompanyFormModal({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const [values, setValues] = useState(() => initialValues(company));
  const feedback = useFormFeedback(language);
  const save = useSaveCompany(onClose);
  const [nameEdited, setNameEdited] = useState(false);
  const nameMissing = values.name.trim() === '';

  const set = (field: keyof CompanyFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };

  const submit = (): void => {
    if (save.isPending) return;
    const checked = validateWith(companyBody, values, t);
    if (!checked.ok) return feedback.showFieldErrors(checked.errors);
    save.mutate(
      { id: company?.id ?? null, body: checked.data },
      { onError: (error) => feedback.showServerError(error, FIELDS) },
    );
  };

  return (
    <FormModal
      title={company ? t('panel.companies.form.editTitle') : t('panel.companies.form.addTitle')}
      description={t('panel.companies.form.description')}
      onClose={onClose}
      width="lg"
      testId="company-form"
      onSubmit={submit}
      submitLabel={t('panel.action.save')}
      ready={!nameMissing}
      pending={save.isPending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
    >
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('panel.companies.field.name')}
          required
          name="name"
          autoComplete="organization"
          value={values.name}
          onChange={(event) => {
            setNameEdited(true);
            set('name')(event.target.value);
          }}
          // The save button is disabled while the name is blank: once the user has typed in the box, say why.
          // (Told on typing rather than on leaving the box: a message appearing on blur would move the buttons
          // under a pointer that is pressing one of them.)
          error={
            feedback.errors.name ?? (nameEdited && nameMissing ? codeMessage('COMPANY_NAME_REQUIRED', t) : undefined)
          }
          maxLength={120}
          className="col-span-2"
          autoFocus
        />
        <TextField
          label={t('panel.companies.field.contactEmail')}
          type="email"
          name="contact_email"
          autoComplete="email"
          value={values.contact_email}
          onChange={(event) => set('contact_email')(event.target.value)}
          error={feedback.errors.contact_email}
          maxLength={254}
        />
        <TextField
          label={t('panel.companies.field.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          value={values.phone}
          onChange={(event) => set('phone')(event.target.value)}
          error={feedback.errors.phone}
          maxLength={32}
        />
        <TextField
          label={t('panel.companies.field.authorizedNumber')}
          name="authorized_number"
          autoComplete="off"
          value={values.authorized_number}
          onChange={(event) => set('authorized_number')(event.target.value)}
          error={feedback.errors.authorized_number}
          maxLength={64}
          className="col-span-2"
        />
        <TextField
          label={t('panel.companies.field.address')}
          name="address"
          autoComplete="street-address"
          value={values.address}
          onChange={(event) => set('address')(event.target.value)}
          error={feedback.errors.address}
          maxLength={500}
          className="col-span-2"
        />
      </div>
    </FormModal>
  );
}
