import {
  createUserBody,
  isRoleAtMost,
  type Role,
  ROLES,
  type SessionUser,
  updateUserBody,
  type User,
} from '@kanat360/contracts';
import { useId, useState } from 'react';
import { useCreateUser, useUpdateUser } from '@/api/users';
import { SelectField, TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { useFocusFirstInvalid, useFormFeedback, validateWith } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { type CompanyOption } from '@/forms/company-options';
import { fullName } from './user-search';

interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  role: Role;
  /** The select's value: "" until a company is picked. */
  company_id: string;
  is_active: boolean;
}

const CREATE_FIELDS = ['first_name', 'last_name', 'email', 'password', 'role', 'company_id', 'is_active'] as const;
const UPDATE_FIELDS = ['first_name', 'last_name', 'email', 'role', 'company_id', 'is_active'] as const;

function initialValues(user: User | null): UserFormValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'customer',
    company_id: user ? String(user.company_id) : '',
    is_active: user?.is_active ?? true,
  };
}

/**
 * Add (spec §5 "Add user") or edit ("Edit user", no password) a user. Checked first with the same contracts schema
 * the server uses, then by the server; a refusal shows beside its field or in the banner, and what was typed stays.
 */
export function UserFormModal({
  user,
  viewer,
  companies,
  onClose,
}: {
  /** null adds a user. */
  user: User | null;
  viewer: Pick<SessionUser, 'role'>;
  companies: readonly CompanyOption[];
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const isEdit = user !== null;
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  const feedback = useFormFeedback(language);
  const activeHintId = useId();
  const createUser = useCreateUser(onClose);
  const updateUser = useUpdateUser(onClose);
  const saving = createUser.isPending || updateUser.isPending;

  const roles = ROLES.filter((role) => isRoleAtMost(role, viewer.role));
  const { formRef, refuse } = useFocusFirstInvalid(feedback.errors);

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };

  const submit = () => {
    const { password, ...withoutPassword } = values;
    if (isEdit) {
      const result = validateWith(updateUserBody, withoutPassword, t);
      if (!result.ok) {
        refuse(() => feedback.showFieldErrors(result.errors));
        return;
      }
      updateUser.mutate(
        { id: user.id, body: result.data },
        { onError: (error) => refuse(() => feedback.showServerError(error, UPDATE_FIELDS)) },
      );
    } else {
      const result = validateWith(createUserBody, { ...withoutPassword, password }, t);
      if (!result.ok) {
        refuse(() => feedback.showFieldErrors(result.errors));
        return;
      }
      createUser.mutate(result.data, {
        onError: (error) => refuse(() => feedback.showServerError(error, CREATE_FIELDS)),
      });
    }
  };

  return (
    <FormModal
      title={isEdit ? t('panel.users.editTitle') : t('panel.users.addTitle')}
      description={isEdit ? `${fullName(user)} · ${user.email}` : undefined}
      onClose={onClose}
      width="lg"
      testId={isEdit ? 'user-edit-modal' : 'user-add-modal'}
      onSubmit={submit}
      submitLabel={isEdit ? t('panel.action.save') : t('panel.action.add')}
      // Submit stays on even with empty fields: pressing it says which are missing, in the spec's words (§5).
      pending={saving}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
      formRef={formRef}
    >
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('panel.users.field.firstName')}
          name="first_name"
          autoComplete="off"
          autoFocus
          required
          value={values.first_name}
          error={feedback.errors.first_name}
          onChange={(event) => set('first_name', event.target.value)}
        />
        <TextField
          label={t('panel.users.field.lastName')}
          name="last_name"
          autoComplete="off"
          required
          value={values.last_name}
          error={feedback.errors.last_name}
          onChange={(event) => set('last_name', event.target.value)}
        />
        <TextField
          label={t('panel.users.field.email')}
          name="email"
          type="email"
          autoComplete="off"
          required
          className={isEdit ? 'col-span-2' : undefined}
          value={values.email}
          error={feedback.errors.email}
          onChange={(event) => set('email', event.target.value)}
        />
        {!isEdit && (
          <TextField
            label={t('panel.users.field.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={t('panel.users.field.passwordHint')}
            value={values.password}
            error={feedback.errors.password}
            onChange={(event) => set('password', event.target.value)}
          />
        )}
        <SelectField
          label={t('panel.users.field.role')}
          name="role"
          required
          value={values.role}
          error={feedback.errors.role}
          onChange={(event) => set('role', event.target.value as Role)}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('panel.users.field.company')}
          name="company_id"
          required
          value={values.company_id}
          error={feedback.errors.company_id}
          onChange={(event) => set('company_id', event.target.value)}
        >
          <option value="">{t('panel.users.field.companyPlaceholder')}</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </SelectField>
        <div className="col-span-2 flex items-start gap-3">
          <input
            id={`${activeHintId}-input`}
            type="checkbox"
            name="is_active"
            className="mt-0.5 size-4 accent-brand-700 dark:accent-brand-300"
            checked={values.is_active}
            aria-describedby={activeHintId}
            onChange={(event) => set('is_active', event.target.checked)}
          />
          <div>
            <label htmlFor={`${activeHintId}-input`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('panel.users.field.active')}
            </label>
            <p id={activeHintId} className="text-xs text-slate-600 dark:text-slate-400">
              {t('panel.users.field.activeHint')}
            </p>
          </div>
        </div>
      </div>
    </FormModal>
  );
}
