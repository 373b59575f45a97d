import { useI18n } from '@/i18n/language';
import { FullPageMessage } from './FullPageMessage';

export function PendingScreen() {
  const { t } = useI18n();
  return <FullPageMessage busy>{t('common.loading')}</FullPageMessage>;
}
