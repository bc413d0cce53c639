import { Redirect } from 'wouter';

/** /admin: the back office's home is the dashboard. */
export default function AdminHomeRedirect() {
  return <Redirect to="/admin/dashboard" replace />;
}
