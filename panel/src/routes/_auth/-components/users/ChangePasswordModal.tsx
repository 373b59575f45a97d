import { changePasswordBody, type User } from '@kanat360/contracts';
import { useState } from 'react';
import { useChangePassword } from '@/api/users';
import { TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { type FieldErrors, useFocusFirstInvalid, useFormFeedback, validateWith } from '@/forms/form-feedback';
import { type I18n, useI18n } from '@/i18n/language';
import { fullName } from './user-search';

/**
 * Spec §5 "Password change", in the spec's order: required, equal to its confirmation (only the panel sees the
 * confirmation), then the contracts schema's length rule, which the server applies again.
 */
function passwordErrors(password: string, confirmation: string, t: I18n['t']): FieldErrors | null {
  const result = validateWith(changePasswordBody, { password }, t);
  if (password !== '' && password !== confirmation) return { confirmation: t('errors.PASSWORDS_DO_NOT_MATCH') };
  return result.ok ? null : result.errors;
}

export function ChangePasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t, language } = useI18n();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const feedback = useFormFeedback(language);
  const changePassword = useChangePassword(onClose);
  const { formRef, refuse } = useFocusFirstInvalid(feedback.errors);

  const submit = () => {
    const errors = passwordErrors(password, confirmation, t);
    if (errors) {
      refuse(() => feedback.showFieldErrors(errors));
      return;
    }
    changePassword.mutate(
      { id: user.id, body: { password } },
      {
        onError: (error) => refuse(() => feedback.showServerError(error, ['password'])),
      },
    );
  };

  return (
    <FormModal
      title={t('panel.users.passwordTitle')}
      description={t('panel.users.passwordDescription', { name: fullName(user) })}
      onClose={onClose}
      testId="user-password-modal"
      onSubmit={submit}
      submitLabel={t('panel.users.passwordSubmit')}
      pending={changePassword.isPending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
      formRef={formRef}
      className="space-y-4"
    >
      <TextField
        label={t('panel.users.field.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        hint={t('panel.users.field.passwordHint')}
        value={password}
        error={feedback.errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          feedback.clearField('password');
        }}
      />
      <TextField
        label={t('panel.users.field.confirmPassword')}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        error={feedback.errors.confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          feedback.clearField('confirmation');
        }}
      />
    </FormModal>
  );
}
