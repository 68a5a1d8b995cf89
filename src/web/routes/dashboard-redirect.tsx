import { Navigate, useParams } from 'react-router';
import { dashboardPath, rolOf, useSession } from '../lib/session';

/** /dashboard/{userType} (where login sends users) leads to that role's dashboard. */
export function Component() {
  const { userType } = useParams();
  const { user } = useSession();
  const rol = rolOf(user) ?? (userType?.toLowerCase() === 'productor' ? 'productor' : 'comprador');
  return <Navigate to={dashboardPath(rol)} replace />;
}
