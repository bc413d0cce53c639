import { Redirect } from 'wouter';
import { useSession } from '@/lib/session';
import { adminHome } from '@/lib/staffScreens';

/** /admin: the back office's home is the dashboard (the orders for a packer, the counter for a cashier: neither has a dashboard). */
export default function AdminHomeRedirect() {
  const { user } = useSession();
  return <Redirect to={adminHome(user)} replace />;
}
