import { ApiError, errorMessage } from '@kanat360/api-client';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/api/client';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';
import { clearStoredUser } from './session-user';

/** POST /auth/logout, then forget the stored user and leave for the public home page (spec §2). */
export function useLogout() {
  const { t, language } = useI18n();
  const toast = useToast();
  return useMutation({
    mutationFn: () => apiClient.post('/auth/logout'),
    onSuccess: () => {
      clearStoredUser();
      window.location.assign('/');
    },
    onError: (error) => {
      // A 401 means the session was already gone: the client's handler is taking the user to sign in.
      if (error instanceof ApiError && error.status === 401) return;
      toast.error(t('panel.logout.failed', { message: errorMessage(error, language) }));
    },
  });
}
