import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '@/session/use-session';
import { WelcomeCard } from './-components/WelcomeCard';

export const Route = createFileRoute('/_auth/')({
  component: DashboardHome,
});

function DashboardHome() {
  const user = useSessionUser();
  return <WelcomeCard user={user} />;
}
